/**
 * reports/mutation.md, the human summary of the mutation tests: every mutated file's figures as
 * StrykerJS reported them (reports/mutation/<package>.json, the mutation-testing-report schema, which
 * stays out of git), each package's figures summed from its files, and the commit they describe. A run
 * that mutated only the files changed since that commit updates their rows and keeps the others: the
 * files it did not mutate are as they were at that commit.
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

type Counts = Omit<MutationFigures, 'name' | 'score'>;

/** Stryker's score from the counts: detected among those that ran or had no test. */
function scored(name: string, counts: Counts): MutationFigures {
  const { killed, timedOut, survived, noCoverage } = counts;
  const valid = killed + timedOut + survived + noCoverage;
  return { name, ...counts, score: valid === 0 ? 100 : ((killed + timedOut) / valid) * 100 };
}

function figuresOf(name: string, statuses: readonly MutantStatus[]): MutationFigures {
  const count = (status: MutantStatus) => statuses.filter((each) => each === status).length;
  return scored(name, {
    mutants: statuses.length,
    killed: count('Killed'),
    timedOut: count('Timeout'),
    survived: count('Survived'),
    noCoverage: count('NoCoverage'),
  });
}

/** Each mutated file of a package's report, named `<package>: <file>`. */
export const fileFigures = (name: string, report: StrykerReport): MutationFigures[] =>
  Object.entries(report.files).map(([file, { mutants }]) =>
    figuresOf(
      `${name}: ${file}`,
      mutants.map((mutant) => mutant.status),
    ),
  );

/** A package's figures, summed from its files' (`<package>: <file>`). */
export function packageFigures(name: string, files: readonly MutationFigures[]): MutationFigures {
  const own = files.filter((file) => file.name.startsWith(`${name}: `));
  const sum = (key: keyof Counts) => own.reduce((total, file) => total + file[key], 0);
  return scored(name, {
    mutants: sum('mutants'),
    killed: sum('killed'),
    timedOut: sum('timedOut'),
    survived: sum('survived'),
    noCoverage: sum('noCoverage'),
  });
}

const percent = (score: number) => `${score.toFixed(2)} %`;
const row = (figures: MutationFigures) =>
  `| ${figures.name} | ${figures.mutants} | ${percent(figures.score)} | ${figures.killed} | ${figures.timedOut} | ${figures.survived} | ${figures.noCoverage} |`;
const HEADER = [
  '| mutated | mutants | score | killed | timed out | survived | no coverage |',
  '|---|---|---|---|---|---|---|',
];
const COMMIT_LINE = /^Measured at commit `([0-9a-f]{7,40})`/m;
const FILES_HEADING = '## Every mutated file, weakest first';

/** The commit a summary describes, if it names one. */
export const summaryCommit = (page: string): string | null => COMMIT_LINE.exec(page)?.[1] ?? null;

/** The file rows of a summary this module wrote. */
export function summaryFiles(page: string): MutationFigures[] {
  const section = page.split(FILES_HEADING)[1] ?? '';
  return section
    .split('\n')
    .map((line) => /^\| (.+?: .+?) \| (\d+) \| [\d.]+ % \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map(([, name, mutants, killed, timedOut, survived, noCoverage]) =>
      scored(name!, {
        mutants: Number(mutants),
        killed: Number(killed),
        timedOut: Number(timedOut),
        survived: Number(survived),
        noCoverage: Number(noCoverage),
      }),
    );
}

/**
 * The figures after a run: the files it mutated as it found them, every other file as `before` had it,
 * except files that no longer exist (`exists`).
 */
export function mergedFiles(
  before: readonly MutationFigures[],
  measured: readonly MutationFigures[],
  exists: (name: string) => boolean,
): MutationFigures[] {
  const fresh = new Set(measured.map((file) => file.name));
  return [...before.filter((file) => !fresh.has(file.name) && exists(file.name)), ...measured];
}

/** The page: every package's figures, then every file's, weakest first, and the commit they describe. */
export function mutationMarkdown(
  packages: readonly string[],
  files: readonly MutationFigures[],
  commit: string,
) {
  const weakestFirst = [...files].sort((a, b) => a.score - b.score || a.name.localeCompare(b.name));
  return [
    '# Mutation testing',
    '',
    `Measured at commit \`${commit}\`. Written by \`npm run test:mutation\` from StrykerJS's reports (do not edit`,
    'by hand). StrykerJS runs on `packages/commerce`, `packages/bus`, the parts of `packages/ui` with',
    "behaviour of their own, every service's use cases and renderers (`src/domain/`, `src/render/`) and the",
    "shell server's load shedder, page cache and read collapsing, each against its package's own tests; a",
    'run under a score of 60 fails (`stryker.base.mjs`). CI mutates the files changed since the commit above;',
    '`npm run test:mutation -- --all` mutates every file.',
    '',
    ...HEADER,
    ...packages.map((name) => row(packageFigures(name, files))),
    '',
    FILES_HEADING,
    '',
    ...HEADER,
    ...weakestFirst.filter((file) => file.mutants > 0).map(row),
    '',
  ].join('\n');
}
