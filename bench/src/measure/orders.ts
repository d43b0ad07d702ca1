import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { bundleCommand } from '@storefront/delivery/bundle';
import { waitUntilReady } from '@storefront/delivery/processes';
import { REPO_ROOT } from '../paths';
import type { LoadBudgets } from '../budgets';
import { embeddedStore, postgresStore } from '../processes/order-stores';
import type { LoadRow } from '../report/load-row';
import { round } from '../report/numbers';
import { measureLoad, type LoadFigures } from './load';
import { cpuBetween, snapshotCpu, type CpuRole } from './process-cpu';

const linkCount = async (sandboxUrl: string) =>
  ((await (await fetch(`${sandboxUrl}/sandbox/payment-links/count`)).json()) as { count: number }).count;

/** What one run's orders cost the machine: CPU per order answered, in ms, by process. */
export interface OrderCpu {
  run: string;
  perOrderMs: Array<[process: string, ms: number]>;
}

/** The processes an order keeps busy beside the checkout service and its database. */
const ORDER_PROCESSES: CpuRole[] = [
  { name: 'catalog', holds: (_pid, commandLine) => commandLine.includes('services/catalog/') },
  { name: 'payment sandbox', holds: (_pid, commandLine) => commandLine.includes('payment-sandbox') },
];

/** Orders sent before the measured runs of each database. */
export const ORDER_WARMUP = 300;

/**
 * Order creation on a checkout service of its own (the stack's catalog and payment sandbox behind it),
 * at each client count, on the embedded database and, given a URL, on PostgreSQL (its limits in Redis,
 * given one, as production keeps them). Every order is accounted for: rows stored = successful answers
 * = payment links made.
 */
export async function measureOrders(
  { catalogUrl, sandboxUrl, port }: { catalogUrl: string; sandboxUrl: string; port: number },
  { postgresUrl, redisUrl }: { postgresUrl?: string; redisUrl?: string },
  budgets: LoadBudgets,
): Promise<{ rows: LoadRow[]; cpu: OrderCpu[] }> {
  const stores = [
    await embeddedStore(),
    ...(postgresUrl ? [await postgresStore(postgresUrl, redisUrl)] : []),
  ];
  const rows: LoadRow[] = [];
  const cpu: OrderCpu[] = [];
  for (const store of stores) {
    // Its production bundle, as npm start and the image run it (the bench's stack has just built it).
    const [node, ...args] = bundleCommand('checkout');
    const checkout = spawn(node!, args, {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        ...store.env,
        PORT: String(port),
        CATALOG_SERVICE_URL: catalogUrl,
        SQUARE_ENVIRONMENT: sandboxUrl,
        LOG_LEVEL: 'info',
        // The crowd comes from one address here; the per-client order limit has tests of its own.
        ORDER_LIMIT_PER_CLIENT: '1000000',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    try {
      await waitUntilReady('bench checkout service', `http://127.0.0.1:${port}/readyz`);
      const linksBefore = await linkCount(sandboxUrl);
      // Orders sent first and not measured, but accounted for like the rest: what is measured is the
      // service past its first second, as a crowd meets it.
      const warmup = await measureLoad({
        url: `http://127.0.0.1:${port}/orders`,
        connections: budgets.budgetedOrderClients,
        amount: ORDER_WARMUP,
        requests: 'distinct-orders',
      });
      let succeeded = warmup.succeeded;
      const runs: Array<{ clients: number; figures: LoadFigures }> = [];
      const roles: CpuRole[] = [
        { name: 'checkout', holds: (pid) => pid === checkout.pid },
        ...store.processes,
        ...ORDER_PROCESSES,
      ];
      for (const clients of budgets.orderClients) {
        const before = snapshotCpu();
        const figures = await measureLoad({
          url: `http://127.0.0.1:${port}/orders`,
          connections: clients,
          amount: budgets.ordersPerRun,
          requests: 'distinct-orders',
        });
        const spent = cpuBetween(before, snapshotCpu(), roles);
        spent.set('load client', figures.clientCpuMs);
        cpu.push({
          run: `${clients} clients, ${store.label}`,
          perOrderMs: [...spent].map(([name, ms]) => [name, ms / figures.succeeded]),
        });
        succeeded += figures.succeeded;
        runs.push({ clients, figures });
      }
      const links = (await linkCount(sandboxUrl)) - linksBefore;
      checkout.kill('SIGTERM');
      await once(checkout, 'exit');
      const stored = await store.countOrders();
      const accounted =
        stored === succeeded && links === succeeded
          ? null
          : `${stored} rows, ${succeeded} successful answers, ${links} payment links`;
      const minRate =
        store.database === 'postgres'
          ? budgets.minOrdersPerSecondPostgres
          : budgets.minOrdersPerSecondEmbedded;
      for (const { clients, figures } of runs) {
        const misses: string[] = [];
        if (clients === budgets.budgetedOrderClients) {
          if (figures.requestsPerSecond < minRate)
            misses.push(`${round(figures.requestsPerSecond)} orders/s < ${minRate}`);
          if (figures.p99 > budgets.maxOrderP99Ms)
            misses.push(`p99 ${figures.p99} ms > ${budgets.maxOrderP99Ms} ms`);
        }
        if (figures.errors) misses.push(`${figures.errors} errors`);
        if (warmup.errors) misses.push(`${warmup.errors} errors while warming up`);
        if (accounted) misses.push(`orders not accounted for: ${accounted}`);
        rows.push({
          label: `orders, ${clients} clients, ${store.label}`,
          figures,
          misses,
          note: accounted ?? `${stored} rows = ${succeeded} answers = ${links} links`,
        });
      }
    } finally {
      if (checkout.exitCode === null) checkout.kill('SIGTERM');
      await store.dispose();
    }
  }
  return { rows, cpu };
}
