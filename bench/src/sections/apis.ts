import type { Budgets } from '../budgets';
import { apiLatency, serveBareJson, type Latency } from '../measure/api-latency';
import { BARE_API_PORT, BASE } from '../ports';
import { round } from '../report/numbers';
import type { SectionReport } from '../report/section';

const API_SAMPLES = 300;

/** The APIs the pages call, through the shell; the first is also the references' body. */
export const API_PATHS = [
  '/api/catalog/home-products',
  '/api/catalog/catalogue',
  '/api/product/products/bpc-157',
  '/api/content/policies/refund-policy',
];

function apiRow(name: string, latency: Latency, bare: Latency, budgets: Budgets | null): string {
  const ok = budgets === null || latency.p95 <= budgets.maxApiP95Ms;
  const verdict = budgets === null ? 'reference' : ok ? 'ok' : `**missed**: p95 > ${budgets.maxApiP95Ms} ms`;
  return `| ${name} | ${round(latency.p50, 1)} ms | ${round(latency.p95, 1)} ms | ${round(latency.p50 / bare.p50, 1)}× | ${verdict} |`;
}

/** Sequential API requests through the shell, beside a bare node:http server. */
export async function measureApis(budgets: Budgets, sampleBody: string): Promise<SectionReport> {
  console.log(`API latency, ${API_SAMPLES} sequential requests each…`);
  const bareServer = await serveBareJson(sampleBody, BARE_API_PORT);
  try {
    const bare = await apiLatency(`http://127.0.0.1:${BARE_API_PORT}/`, API_SAMPLES);
    const apis: Array<{ path: string; latency: Latency }> = [];
    for (const pathname of API_PATHS)
      apis.push({ path: pathname, latency: await apiLatency(`${BASE}${pathname}`, API_SAMPLES) });
    return {
      missed: apis.some(({ latency }) => latency.p95 > budgets.maxApiP95Ms),
      lines: [
        '## APIs through the shell',
        '',
        `${API_SAMPLES} sequential requests each on loopback. Reference: a bare node:http server answering the home products' JSON. Budget: p95 ≤ ${budgets.maxApiP95Ms} ms.`,
        '',
        '| request | p50 | p95 | p50 ÷ bare | |',
        '|---|---|---|---|---|',
        ...apis.map(({ path: pathname, latency }) => apiRow(`\`${pathname}\``, latency, bare, budgets)),
        apiRow('bare node:http, same JSON', bare, bare, null),
        '',
      ],
    };
  } finally {
    bareServer.close();
  }
}
