import type { Budgets } from '../budgets';
import { measurePageCrowd, PAGE_TABLE_HEAD, pageCrowdMethod } from '../measure/page-crowd';
import { BALANCED_OFFSET, PAGE_BARE_PORT } from '../ports';
import { startBenchStack } from '../processes/stack';
import { loadRow } from '../report/load-row';
import type { SectionReport } from '../report/section';

/**
 * A kept anonymous page through the balancer of the deployment's shape: two instances of everything
 * behind nginx, on PostgreSQL and Redis, beside bare node:http sending the page's bytes. Its stack runs
 * alone, once the bench's own has stopped: two stacks would share the two cores.
 */
export async function measureBalancedPage(
  budgets: Budgets,
  postgresUrl: string | undefined,
  redisUrl: string | undefined,
): Promise<SectionReport> {
  const heading = ['## A kept page through the balancer', ''];
  if (!postgresUrl || !redisUrl) {
    return {
      missed: false,
      lines: [
        ...heading,
        'Not measured: two instances need PostgreSQL and Redis (set TEST_DATABASE_URL and TEST_REDIS_URL).',
        '',
      ],
    };
  }
  const { balancedPage } = budgets;
  console.log(`A kept page through nginx in front of two shells, ${balancedPage.connections} connections…`);
  const stack = await startBenchStack('bench-balanced', BALANCED_OFFSET, {
    LOG_LEVEL: 'info',
    STOREFRONT_INSTANCES: '2',
    DATABASE_URL: postgresUrl,
    REDIS_URL: redisUrl,
    STOREFRONT_SCHEMA_PREFIX: 'bench_balanced_',
  });
  try {
    const rows = await measurePageCrowd(
      [{ label: '`/product/bpc-157` (anonymous) through nginx', url: `${stack.base}/product/bpc-157` }],
      PAGE_BARE_PORT,
      balancedPage,
    );
    return {
      missed: rows.some(({ misses }) => misses?.length),
      lines: [
        ...heading,
        `\`npm start\` with two instances of every part behind nginx (the balancer \`npm start\` writes), on PostgreSQL and Redis. ${pageCrowdMethod(balancedPage)} Budget: ≥ ${balancedPage.minShareOfBare * 100} % of bare requests/s, no errors.`,
        '',
        ...PAGE_TABLE_HEAD,
        ...rows.map(loadRow),
        '',
      ],
    };
  } finally {
    await stack.stop();
  }
}
