import type { Budgets } from '../budgets';
import { measureInteraction, shopperInteractions, type InteractionFigures } from '../measure/interactions';
import { measurePageRuns, type PageFigures, type PageTarget } from '../measure/lighthouse-runs';
import { BASE, FLOOR_PORT } from '../ports';
import { round } from '../report/numbers';
import type { SectionReport } from '../report/section';

const LIGHTHOUSE_RUNS = 3;
const INTERACTION_RUNS = 3;

const PAGES: PageTarget[] = [
  { label: '`/` (first visit, age gate showing)', url: `${BASE}/` },
  { label: '`/` (age verified)', url: `${BASE}/`, ageVerified: true },
  { label: '`/catalog`', url: `${BASE}/catalog` },
  { label: '`/product/bpc-157`', url: `${BASE}/product/bpc-157` },
  { label: '`/checkout/retatrutide`', url: `${BASE}/checkout/retatrutide` },
  {
    label: '`/affiliate` (an approved affiliate, signed in)',
    url: `${BASE}/affiliate`,
    ageVerified: true,
    signedInAffiliate: true,
  },
];
export const FLOOR: PageTarget = {
  label: 'floor: React 19 `createRoot` + one `<h1>`, webpack 5',
  url: `http://127.0.0.1:${FLOOR_PORT}/`,
};

/** Every budget a page misses, in words. */
function pageMisses(figures: PageFigures, floor: PageFigures, budgets: Budgets, isHome: boolean): string[] {
  const { median, runs } = figures;
  const misses: string[] = [];
  if (median.score < budgets.minPerformanceScore)
    misses.push(`performance ${median.score} < ${budgets.minPerformanceScore}`);
  const lowest = Math.min(...runs.map((run) => run.score));
  if (lowest < budgets.minPerformanceScoreInAnyRun)
    misses.push(`a run scored ${lowest} < ${budgets.minPerformanceScoreInAnyRun}`);
  if (median.lcpMs > budgets.maxLcpMs) misses.push(`LCP ${round(median.lcpMs)} ms > ${budgets.maxLcpMs} ms`);
  if (median.tbtMs > budgets.maxTbtMs) misses.push(`TBT ${round(median.tbtMs)} ms > ${budgets.maxTbtMs} ms`);
  const tbtOverFloor = median.tbtMs - floor.median.tbtMs;
  if (tbtOverFloor > budgets.maxTbtOverFloorMs)
    misses.push(`TBT ${round(tbtOverFloor)} ms over the floor's > ${budgets.maxTbtOverFloorMs} ms`);
  if (median.cls > budgets.maxCls) misses.push(`CLS ${round(median.cls, 3)} > ${budgets.maxCls}`);
  if (isHome && median.jsKb > budgets.maxHomeJsKb)
    misses.push(`JS ${round(median.jsKb, 1)} KB > ${budgets.maxHomeJsKb} KB`);
  return misses;
}

function pageRow(figures: PageFigures, floor: PageFigures, misses: string[] | null): string {
  const { median, runs } = figures;
  const verdict = misses === null ? 'reference' : misses.length ? `**missed**: ${misses.join('; ')}` : 'ok';
  return `| ${figures.target.label} | ${median.score} (${runs.map((run) => run.score).join(', ')}) | ${round(median.lcpMs / 1000, 2)} s | ${round(median.tbtMs)} ms | ${round(median.cls, 3)} | ${round(median.jsKb, 1)} KB | ${round(median.jsKb / floor.median.jsKb, 2)}× | ${verdict} |`;
}

/** Lighthouse on each page beside the floor app, and the INP of shoppers' interactions. */
export async function measurePages(budgets: Budgets): Promise<SectionReport> {
  console.log(`Lighthouse, ${LIGHTHOUSE_RUNS} cold loads each: the floor app, then ${PAGES.length} pages…`);
  const floor = await measurePageRuns(FLOOR, LIGHTHOUSE_RUNS);
  const pages: Array<{ figures: PageFigures; misses: string[] }> = [];
  for (const target of PAGES) {
    const figures = await measurePageRuns(target, LIGHTHOUSE_RUNS);
    pages.push({
      figures,
      misses: pageMisses(figures, floor, budgets, new URL(target.url).pathname === '/'),
    });
    console.log(`  ${target.label}: ${figures.runs.map((run) => run.score).join(', ')}`);
  }
  console.log(`Interactions, ${INTERACTION_RUNS} fresh loads each at ${4}× CPU slowdown…`);
  const interactions: InteractionFigures[] = [];
  for (const interaction of shopperInteractions(BASE)) {
    interactions.push(await measureInteraction(interaction, INTERACTION_RUNS));
  }
  const slowInteractions = interactions.filter((figures) => figures.median > budgets.maxInpMs);
  return {
    missed: pages.some(({ misses }) => misses.length) || slowInteractions.length > 0,
    lines: [
      `## Pages on a phone`,
      '',
      `Lighthouse ${LIGHTHOUSE_RUNS} cold loads per page (mobile preset: 4× CPU slowdown, 150 ms RTT, 1.6 Mbps; fresh profile each), headless Chromium. Figures are from the run with the median score; every run's score is in brackets. JS is the JavaScript transferred (brotli, as Chromium takes it; the floor app's too). Budgets: performance ≥ ${budgets.minPerformanceScore} (no run below ${budgets.minPerformanceScoreInAnyRun}), LCP ≤ ${budgets.maxLcpMs / 1000} s, TBT ≤ ${budgets.maxTbtMs} ms, CLS ≤ ${budgets.maxCls}, JS of \`/\` ≤ ${budgets.maxHomeJsKb} KB.`,
      '',
      '| page | performance | LCP | TBT | CLS | JS | JS ÷ floor | |',
      '|---|---|---|---|---|---|---|---|',
      ...pages.map(({ figures, misses }) => pageRow(figures, floor, misses)),
      pageRow(floor, floor, null),
      '',
      `TBT beside the floor app: every page's TBT at most the floor's (${round(floor.median.tbtMs)} ms in this run) + ${budgets.maxTbtOverFloorMs} ms.`,
      '',
      '### Interactions',
      '',
      `INP (the web-vitals library) of one interaction on a page loaded and hydrated in headless Chromium at 4× CPU slowdown, a 412 px phone viewport; ${INTERACTION_RUNS} fresh loads each, median (every run in brackets). Budget: INP ≤ ${budgets.maxInpMs} ms.`,
      '',
      '| interaction | INP | |',
      '|---|---|---|',
      ...interactions.map(
        (figures) =>
          `| ${figures.interaction.label} | ${round(figures.median)} ms (${figures.runs.map((v) => round(v)).join(', ')}) | ${figures.median > budgets.maxInpMs ? `**missed**: > ${budgets.maxInpMs} ms` : 'ok'} |`,
      ),
      '',
    ],
  };
}
