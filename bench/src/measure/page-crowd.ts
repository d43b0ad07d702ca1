import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PageShareBudgets } from '../budgets';
import { REPO_ROOT } from '../paths';
import { startBareServer } from '../processes/reference-server';
import type { LoadRow } from '../report/load-row';
import { round } from '../report/numbers';
import { type LoadFigures } from './load';
import { loadRunner, READ_WARMUP_SECONDS } from './reads';
import { median, medianFigures } from './statistics';

export interface PageCrowdTarget {
  label: string;
  url: string;
}

const ROUNDS = 3;

/** How `measurePageCrowd` measures, as a report says it. */
export const pageCrowdMethod = ({ connections, seconds }: PageShareBudgets) =>
  `autocannon, ${connections} connections for ${seconds} s per run after ${READ_WARMUP_SECONDS} unmeasured seconds, no cookie and no compression asked for, each beside a bare node:http server sending that page's very bytes, measured right before it, in ${ROUNDS} interleaved rounds (medians).`;

/** The head of a report's table of `measurePageCrowd`'s rows. */
export const PAGE_TABLE_HEAD = [
  '| page | requests/s | p50 | p99 | ÷ bare | errors | | |',
  '|---|---|---|---|---|---|---|---|',
];

/**
 * Anonymous pages under a crowd (ADR 0013's page cache): each page at `connections` clients beside a
 * bare node:http server sending that page's very bytes, measured right before it, in interleaved
 * rounds (medians), as an anonymous visitor (no cookie, no compression asked for).
 */
export async function measurePageCrowd(
  targets: PageCrowdTarget[],
  barePort: number,
  budgets: PageShareBudgets,
): Promise<LoadRow[]> {
  const run = loadRunner(budgets);
  const rows: LoadRow[] = [];
  for (const [i, target] of targets.entries()) {
    const html = await (await fetch(target.url)).text();
    const bodyFile = path.join(REPO_ROOT, `.data/bench-page-${i}.html`);
    writeFileSync(bodyFile, html);
    const bare = await startBareServer(bodyFile, barePort + i, undefined, 'text/html; charset=utf-8');
    try {
      const references: LoadFigures[] = [];
      const pages: LoadFigures[] = [];
      for (let r = 0; r < ROUNDS; r += 1) {
        references.push(await run(`http://127.0.0.1:${barePort + i}/`));
        pages.push(await run(target.url));
      }
      const reference = medianFigures(references);
      const figures = medianFigures(pages);
      const share = median(pages.map((f, k) => f.requestsPerSecond / references[k]!.requestsPerSecond));
      const p99Ratio = median(pages.map((f, k) => f.p99 / Math.max(1, references[k]!.p99)));
      const misses: string[] = [];
      if (share < budgets.minShareOfBare)
        misses.push(`${round(share * 100, 1)} % of bare < ${budgets.minShareOfBare * 100} %`);
      if (budgets.maxP99OverBare !== undefined && p99Ratio > budgets.maxP99OverBare)
        misses.push(`p99 ${round(p99Ratio, 1)}× bare's > ${budgets.maxP99OverBare}×`);
      if (figures.errors) misses.push(`${figures.errors} errors`);
      rows.push(
        {
          label: `bare \`node:http\`, the same ${round(html.length / 1024)} KB, beside ${target.label}`,
          figures: reference,
          misses: null,
          share: 1,
        },
        { label: target.label, figures, misses, share, note: `p99 ${round(p99Ratio, 1)}× bare's` },
      );
    } finally {
      bare.kill('SIGTERM');
    }
  }
  return rows;
}
