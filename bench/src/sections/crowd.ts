import type { ServicePart } from '@storefront/server-kit';
import type { Budgets } from '../budgets';
import { measureCrowdAtLimit, type CrowdAtLimit } from '../measure/crowd-at-limit';
import type { CrowdFigures } from '../measure/crowd';
import { measureOrders, ORDER_WARMUP } from '../measure/orders';
import { measurePageCrowd, PAGE_TABLE_HEAD, pageCrowdMethod } from '../measure/page-crowd';
import { measureReads, READ_ROUNDS, READ_WARMUP_SECONDS, type ReadTarget } from '../measure/reads';
import { BASE, LOAD_PORT, PAGE_BARE_PORT, serviceUrl } from '../ports';
import { loadRow } from '../report/load-row';
import { orderCpuLines } from '../report/order-cpu';
import { round } from '../report/numbers';
import type { SectionReport } from '../report/section';

const READS: ReadTarget[] = [
  ['catalog', '/home-products'],
  ['catalog', '/catalogue'],
  ['product', '/products/bpc-157'],
  ['content', '/policies/refund-policy'],
].map(([service, pathname]) => ({
  label: `\`${pathname}\``,
  direct: `${serviceUrl(service as ServicePart)}${pathname}`,
  throughShell: `${BASE}/api/${service}${pathname}`,
}));

/** Anonymous pages under a crowd, each beside bare node:http sending its bytes. */
const CROWDED_PAGES = [
  { label: '`/` (anonymous)', url: `${BASE}/` },
  { label: '`/product/bpc-157` (anonymous)', url: `${BASE}/product/bpc-157` },
];

/** The page the crowd at the machine's limit asks for, and the probe an orchestrator asks meanwhile. */
const LIMIT_PAGE = `${BASE}/product/bpc-157`;
const PROBE = `${BASE}/healthz`;

const crowdRow = (label: string, f: CrowdFigures) =>
  `| ${label} | ${round(f.accepted.count / f.seconds)} | ${round(f.accepted.p50)} ms | ${round(f.accepted.p99)} ms | ${f.refused.count} | ${round(f.refused.p99)} ms | ${f.unanswered} |`;

function limitLines(limit: CrowdAtLimit, budgets: Budgets['crowd']): string[] {
  return [
    `A crowd at the machine's limit: autocannon, ${budgets.connections} connections for ${budgets.seconds} s on \`/product/bpc-157\` (10 s timeout), beside a bare node:http server sending the page's very bytes under the same crowd right before; then ${budgets.overwhelmingConnections} connections, a crowd the machine cannot serve, with \`/healthz\` asked every 250 ms meanwhile. Budgets: at ${budgets.connections}, answered pages/s ≥ ${budgets.minAnsweredShareOfBare * 100} % of bare's, refused ≤ ${budgets.maxRefusedShare * 100} %, answered p99 ≤ ${budgets.maxAnsweredP99OverBare}× bare's, none unanswered; at ${budgets.overwhelmingConnections}, none unanswered and every probe answered within ${budgets.maxProbeMs} ms; every 503 with Retry-After.`,
    '',
    '| load | answered/s | p50 | p99 | refused (503) | refused p99 | no answer |',
    '|---|---|---|---|---|---|---|',
    crowdRow(`bare \`node:http\`, ${budgets.connections} connections`, limit.bare),
    crowdRow(`the page, ${budgets.connections} connections`, limit.shell),
    crowdRow(`the page, ${budgets.overwhelmingConnections} connections`, limit.overwhelmed),
    '',
    `Probes during the ${budgets.overwhelmingConnections}: ${limit.probes.answeredInTime} of ${limit.probes.sent} answered within ${budgets.maxProbeMs} ms, the slowest in ${round(limit.probes.slowestMs)} ms.`,
    limit.misses.length ? `**Missed**: ${limit.misses.join('; ')}.` : 'Budgets met.',
    '',
  ];
}

/** Anonymous pages, reads and orders under a crowd, each beside its reference. */
export async function measureCrowd(budgets: Budgets, sampleBody: string): Promise<SectionReport> {
  const { load } = budgets;
  console.log(`Load: ${load.connections} connections for ${load.seconds} s on each read, then orders…`);
  console.log(
    `Pages: ${budgets.pageCrowd.connections} connections on each anonymous page, beside bare node:http…`,
  );
  const pages = await measurePageCrowd(CROWDED_PAGES, PAGE_BARE_PORT, budgets.pageCrowd);
  console.log(
    `A crowd at the limit: ${budgets.crowd.connections}, then ${budgets.crowd.overwhelmingConnections} connections on a page…`,
  );
  const limit = await measureCrowdAtLimit(
    LIMIT_PAGE,
    PROBE,
    PAGE_BARE_PORT + CROWDED_PAGES.length,
    budgets.crowd,
  );
  const reads = await measureReads(READS, sampleBody, LOAD_PORT, load);
  const { rows: orders, cpu: orderCpu } = await measureOrders(
    { catalogUrl: serviceUrl('catalog'), sandboxUrl: serviceUrl('payment-sandbox'), port: LOAD_PORT + 2 },
    {
      postgresUrl: process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL,
      redisUrl: process.env.REDIS_URL ?? process.env.TEST_REDIS_URL,
    },
    load,
  );
  return {
    missed: [...pages, ...reads, ...orders].some(({ misses }) => misses?.length) || limit.misses.length > 0,
    lines: [
      '## Under a crowd',
      '',
      `Anonymous pages: ${pageCrowdMethod(budgets.pageCrowd)} Budgets: ≥ ${budgets.pageCrowd.minShareOfBare * 100} % of bare requests/s, p99 ≤ ${budgets.pageCrowd.maxP99OverBare}× bare's, no errors.`,
      '',
      ...PAGE_TABLE_HEAD,
      ...pages.map(loadRow),
      '',
      ...limitLines(limit, budgets.crowd),
      `autocannon, ${load.connections} connections for ${load.seconds} s per run, each run after ${READ_WARMUP_SECONDS} s of the same load that is not measured, on loopback, every service logging each request (info) to a file. Reference: a bare node:http server answering the home products' bytes, measured again right before each read, and the same server writing the kit's request log line. Each read and its reference are measured in ${READ_ROUNDS} interleaved rounds; the figures are the medians of the rounds, the share the median of each round's share of its own reference. Budgets: reads ≥ ${load.minReadShareDirect * 100} % of bare requests/s direct and ≥ ${load.minReadShareThroughShell * 100} % through the shell, p99 ≤ ${load.maxReadP99DirectMs} ms direct and ≤ ${load.maxReadP99ThroughShellMs} ms through the shell, no errors.`,
      '',
      `Orders: \`POST /orders\` on a checkout service of its own (the stack's catalog and payment sandbox behind it; on PostgreSQL its rate limits in Redis when there is one, as in production), ${ORDER_WARMUP} unmeasured orders first, then ${load.ordersPerRun} distinct valid orders at ${load.orderClients.join(' and then ')} clients. Budgets at ${load.budgetedOrderClients} clients: p99 ≤ ${load.maxOrderP99Ms} ms, ≥ ${load.minOrdersPerSecondPostgres} orders/s on PostgreSQL and ≥ ${load.minOrdersPerSecondEmbedded} on the embedded database; every run: no errors, rows = successful answers = payment links (the unmeasured orders included).`,
      '',
      '| target | requests/s | p50 | p99 | ÷ bare | errors | | |',
      '|---|---|---|---|---|---|---|---|',
      ...reads.map(loadRow),
      ...orders.map(loadRow),
      '',
      ...orderCpuLines(orderCpu),
    ],
  };
}
