/**
 * reports/mutation.md, written from StrykerJS's own reports (reports/mutation/<package>.json, the
 * mutation-testing-report schema) after each `npm run test:mutation`: what every package scores now,
 * never what someone remembered of an earlier run.
 */

type MutantStatus =
  'Killed' | 'Survived' | 'NoCoverage' | 'Timeout' | 'CompileError' | 'RuntimeError' | 'Ignored' | 'Pending';

export interface StrykerReport {
  files: Record<string, { mutants: Array<{ status: MutantStatus }> }>;
}

export interface MutationFigures {
  name: string;
  mutants: number;
  killed: number;
  timedOut: number;
  survived: number;
  noCoverage: number;
  /** Stryker's mutation score: detected (killed or timed out) among those that ran or had no test. */
  score: number;
}

function figuresOf(name: string, statuses: readonly MutantStatus[]): MutationFigures {
  const count = (status: MutantStatus) => statuses.filter((each) => each === status).length;
  const [killed, timedOut, survived, noCoverage] = [
    count('Killed'),
    count('Timeout'),
    count('Survived'),
    count('NoCoverage'),
  ];
  const valid = killed + timedOut + survived + noCoverage;
  return {
    name,
    mutants: statuses.length,
    killed,
    timedOut,
    survived,
    noCoverage,
    score: valid === 0 ? 100 : ((killed + timedOut) / valid) * 100,
  };
}

export const packageFigures = (name: string, report: StrykerReport): MutationFigures =>
  figuresOf(
    name,
    Object.values(report.files).flatMap((file) => file.mutants.map((mutant) => mutant.status)),
  );

/** Each mutated file of a package, weakest first. */
export const fileFigures = (name: string, report: StrykerReport): MutationFigures[] =>
  Object.entries(report.files)
    .map(([file, { mutants }]) =>
      figuresOf(
        `${name}: ${file}`,
        mutants.map((mutant) => mutant.status),
      ),
    )
    .sort((a, b) => a.score - b.score || a.name.localeCompare(b.name));

const percent = (score: number) => `${score.toFixed(2)} %`;
const row = (figures: MutationFigures) =>
  `| ${figures.name} | ${figures.mutants} | ${percent(figures.score)} | ${figures.killed} | ${figures.timedOut} | ${figures.survived} | ${figures.noCoverage} |`;
const HEADER = [
  '| mutated | mutants | score | killed | timed out | survived | no coverage |',
  '|---|---|---|---|---|---|---|',
];

/** The page: every package's figures, and the weakest files across them (where tests are owed). */
export function mutationMarkdown(
  reports: ReadonlyArray<{ name: string; report: StrykerReport }>,
  weakest = 8,
) {
  const files = reports
    .flatMap(({ name, report }) => fileFigures(name, report))
    .filter((figures) => figures.mutants > 0)
    .sort((a, b) => a.score - b.score || a.name.localeCompare(b.name))
    .slice(0, weakest);
  return [
    '# Mutation testing',
    '',
    "Written by `npm run test:mutation` from StrykerJS's reports in `reports/mutation/` (do not edit by hand).",
    'StrykerJS runs on `packages/commerce`, `packages/bus`, the parts of `packages/ui` with behaviour of their',
    "own, every service's use cases and renderers (`src/domain/`, `src/render/`) and the shell server's load",
    "shedder, page cache and read collapsing, each against its package's own tests; a package under a score",
    "of 60 fails the run (`stryker.base.mjs`). Each report is StrykerJS's incremental record: a run tests",
    'again only the mutants whose code or covering tests changed.',
    '',
    ...HEADER,
    ...reports.map(({ name, report }) => row(packageFigures(name, report))),
    '',
    '## The weakest files',
    '',
    ...HEADER,
    ...files.map(row),
    '',
  ].join('\n');
}
