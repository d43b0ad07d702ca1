import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';
import { REPO_ROOT } from '../modules';
import { waitUntilReady } from '../processes';
import { measureLoad, type LoadFigures } from './load';

export interface LoadBudgets {
  connections: number;
  seconds: number;
  minReadShareDirect: number;
  minReadShareThroughShell: number;
  maxReadP99DirectMs: number;
  maxReadP99ThroughShellMs: number;
  orderClients: number[];
  budgetedOrderClients: number;
  /** Orders sent per run: a fixed count, so every one is answered and can be accounted for. */
  ordersPerRun: number;
  maxOrderP99Ms: number;
  minOrdersPerSecondPostgres: number;
  minOrdersPerSecondEmbedded: number;
}

export interface ReadTarget {
  label: string;
  direct: string;
  throughShell: string;
}

export interface LoadRow {
  label: string;
  figures: LoadFigures;
  /** Budget misses, in words; null for a reference row. */
  misses: string[] | null;
  note?: string;
  /** requests/s as a share of the bare server's, for reads. */
  share?: number;
}

const round = (value: number, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Starts the bare reference server (bare-server.ts) in its own process and waits until it answers. */
export async function startBareServer(
  bodyFile: string,
  port: number,
  logFile?: string,
  contentType?: string,
) {
  const server = spawn(process.execPath, ['--import', 'tsx', 'delivery/src/bench/bare-server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      BODY_FILE: bodyFile,
      PORT: String(port),
      ...(logFile ? { LOG_FILE: logFile } : {}),
      ...(contentType ? { CONTENT_TYPE: contentType } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitUntilReady('bare reference server', `http://127.0.0.1:${port}/`);
  return server;
}

/** Seconds of unmeasured load before each measured read run (the same for the reference). */
export const READ_WARMUP_SECONDS = 2;
/** Each read is measured this many times, interleaved with the others; its figures are the medians. */
export const READ_ROUNDS = 3;

/** Measures one URL at the budget's crowd, after its unmeasured warm-up: what each run of a load section is. */
export const loadRunner =
  ({ connections, seconds }: { connections: number; seconds: number }) =>
  (url: string) =>
    measureLoad({ url, connections, seconds, warmupSeconds: READ_WARMUP_SECONDS });

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The median of each figure over several runs of one target; errors are added up, never averaged away. */
export function medianFigures(runs: LoadFigures[]): LoadFigures {
  return {
    requestsPerSecond: median(runs.map((f) => f.requestsPerSecond)),
    p50: median(runs.map((f) => f.p50)),
    p99: median(runs.map((f) => f.p99)),
    errors: runs.reduce((sum, f) => sum + f.errors, 0),
    succeeded: runs.reduce((sum, f) => sum + f.succeeded, 0),
  };
}

/**
 * Reads at `connections` clients: a bare node:http server answering the same bytes (and the same server
 * writing the kit's request log line, which is what logging costs), each in a process of its own, then
 * each read direct and through the shell, held to its share of the bare server's requests/s and to its
 * p99. On a shared machine the figures drift by half within minutes, so the bare server is measured
 * again right before each read (a share is only fair against a reference taken under the same
 * weather), the reads are measured in several interleaved rounds, and each figure is the median of its
 * rounds. Every run is preceded by a few unmeasured seconds of the same load, the reference's too.
 */
export async function measureReads(
  targets: ReadTarget[],
  body: string,
  barePort: number,
  budgets: LoadBudgets,
): Promise<LoadRow[]> {
  const run = loadRunner(budgets);
  const bodyFile = path.join(REPO_ROOT, '.data/bench-body.json');
  writeFileSync(bodyFile, body);
  const servers = [
    await startBareServer(bodyFile, barePort),
    await startBareServer(bodyFile, barePort + 1, path.join(REPO_ROOT, '.data/bench-bare.log')),
  ];
  const bareUrl = `http://127.0.0.1:${barePort}/`;
  try {
    const bare = await run(bareUrl);
    const logged = await run(`http://127.0.0.1:${barePort + 1}/`);
    const rows: LoadRow[] = [
      { label: 'bare `node:http`, same body', figures: bare, misses: null, share: 1 },
      {
        label: 'bare `node:http` + the kit’s request log line',
        figures: logged,
        misses: null,
        share: logged.requestsPerSecond / bare.requestsPerSecond,
        note: `logging costs ${round((1 - logged.requestsPerSecond / bare.requestsPerSecond) * 100)} % of bare requests/s`,
      },
    ];
    const rounds = targets.map(() => ({
      reference: [] as LoadFigures[],
      direct: [] as LoadFigures[],
      shell: [] as LoadFigures[],
    }));
    for (let round = 0; round < READ_ROUNDS; round += 1) {
      for (const [i, target] of targets.entries()) {
        rounds[i]!.reference.push(await run(bareUrl));
        rounds[i]!.direct.push(await run(target.direct));
        rounds[i]!.shell.push(await run(target.throughShell));
      }
    }
    const judged = (
      label: string,
      runs: LoadFigures[],
      references: LoadFigures[],
      minShare: number,
      maxP99: number,
    ): LoadRow => {
      const figures = medianFigures(runs);
      const share = median(runs.map((f, i) => f.requestsPerSecond / references[i]!.requestsPerSecond));
      const misses: string[] = [];
      if (share < minShare) misses.push(`${round(share * 100, 1)} % of bare < ${minShare * 100} %`);
      if (figures.p99 > maxP99) misses.push(`p99 ${figures.p99} ms > ${maxP99} ms`);
      if (figures.errors) misses.push(`${figures.errors} errors`);
      return { label, figures, misses, share };
    };
    for (const [i, target] of targets.entries()) {
      const { reference, direct, shell } = rounds[i]!;
      rows.push(
        {
          label: `bare \`node:http\`, same body, beside ${target.label}`,
          figures: medianFigures(reference),
          misses: null,
          share: 1,
        },
        judged(
          `${target.label} direct`,
          direct,
          reference,
          budgets.minReadShareDirect,
          budgets.maxReadP99DirectMs,
        ),
        judged(
          `${target.label} through the shell`,
          shell,
          reference,
          budgets.minReadShareThroughShell,
          budgets.maxReadP99ThroughShellMs,
        ),
      );
    }
    return rows;
  } finally {
    for (const server of servers) server.kill('SIGTERM');
  }
}

/** Where a checkout service under test keeps its orders, and how they are counted afterwards. */
interface OrderStore {
  label: string;
  env: NodeJS.ProcessEnv;
  /** Counts orders; called after the checkout process has stopped (PGlite allows one process). */
  countOrders(): Promise<number>;
  dispose(): Promise<void>;
}

async function embeddedStore(): Promise<OrderStore> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-checkout-'));
  return {
    label: 'embedded (PGlite)',
    env: { STOREFRONT_DATA_DIR: dataDir },
    async countOrders() {
      const db = await PGlite.create(path.join(dataDir, 'checkout'));
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
      await db.close();
      return rows[0]!.n;
    },
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresStore(connectionString: string): Promise<OrderStore> {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(connectionString);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    label: 'PostgreSQL',
    env: { DATABASE_URL: url.toString() },
    async countOrders() {
      const { rows } = await admin.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${schema}.orders`);
      return rows[0]!.n;
    },
    async dispose() {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}

const linkCount = async (sandboxUrl: string) =>
  ((await (await fetch(`${sandboxUrl}/sandbox/payment-links/count`)).json()) as { count: number }).count;

/** Orders sent before the measured runs of each database. */
export const ORDER_WARMUP = 300;

/**
 * Order creation on a checkout service of its own (the stack's catalog and payment sandbox behind it),
 * at each client count, on the embedded database and, given a URL, on PostgreSQL. Every order is
 * accounted for: rows stored = successful answers = payment links made.
 */
export async function measureOrders(
  { catalogUrl, sandboxUrl, port }: { catalogUrl: string; sandboxUrl: string; port: number },
  postgresUrl: string | undefined,
  budgets: LoadBudgets,
): Promise<LoadRow[]> {
  const stores = [await embeddedStore(), ...(postgresUrl ? [await postgresStore(postgresUrl)] : [])];
  const rows: LoadRow[] = [];
  for (const store of stores) {
    const checkout = spawn(process.execPath, ['--import', 'tsx', 'services/checkout/src/main.ts'], {
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
      for (const clients of budgets.orderClients) {
        const figures = await measureLoad({
          url: `http://127.0.0.1:${port}/orders`,
          connections: clients,
          amount: budgets.ordersPerRun,
          requests: 'distinct-orders',
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
        store.label === 'PostgreSQL'
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
  return rows;
}

export function loadRow(row: LoadRow): string {
  const { figures, misses } = row;
  const verdict = misses === null ? 'reference' : misses.length ? `**missed**: ${misses.join('; ')}` : 'ok';
  const share = row.share === undefined ? '' : `${round(row.share * 100, 1)} %`;
  return `| ${row.label} | ${round(figures.requestsPerSecond)} | ${figures.p50} ms | ${figures.p99} ms | ${share} | ${figures.errors} | ${row.note ?? ''} | ${verdict} |`;
}
