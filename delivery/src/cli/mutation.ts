import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../modules';
import { mutationPlan, type MutatedPackage } from '../mutation-plan';
import {
  fileFigures,
  mergedFiles,
  mutationMarkdown,
  summaryCommit,
  summaryFiles,
  type MutationFigures,
  type StrykerReport,
} from '../mutation-summary';

/**
 * `npm run test:mutation [-- --all] [-- --minutes N]`: StrykerJS on the files changed since the commit
 * reports/mutation.md describes (committed, uncommitted and new), in each package that mutates them;
 * with --all (or a summary naming no commit this repository has), every file of every package. Each
 * package's run gets what is left of the time budget (N minutes, 15 by default): a package it cannot
 * reach is named, not failed. Then reports/mutation.md is written again: the mutated files' figures,
 * the others' as they were, and HEAD as the commit it describes. A package's run under the score its
 * config breaks at fails the command.
 */

const SUMMARY = path.join(REPO_ROOT, 'reports/mutation.md');
/** StrykerJS's reports, outside git: each package's run writes reports/mutation/<package>.json. */
const REPORTS = path.join(REPO_ROOT, 'reports/mutation');
// The environment before the packages' configs are read: one of them sets its own test list in it.
const ENVIRONMENT = { ...process.env };

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });

/** Every package with a StrykerJS config, and its `mutate` globs, read from the config itself. */
async function mutatedPackages(): Promise<MutatedPackage[]> {
  const dirs = [
    'shell',
    ...['packages', 'services'].flatMap((group) =>
      readdirSync(path.join(REPO_ROOT, group)).map((name) => `${group}/${name}`),
    ),
  ].filter((dir) => existsSync(path.join(REPO_ROOT, dir, 'stryker.config.mjs')));
  return Promise.all(
    dirs.map(async (dir) => {
      const url = pathToFileURL(path.join(REPO_ROOT, dir, 'stryker.config.mjs')).href;
      const config = (await import(url)) as { default: { mutate: string[]; incrementalFile: string } };
      return {
        name: path.basename(config.default.incrementalFile, '.json'),
        dir,
        mutate: config.default.mutate,
      };
    }),
  );
}

/** The files changed since `commit`: in commits, in the working tree, and new ones git does not ignore. */
function changedSince(commit: string): string[] {
  const lines = (output: string) => output.split('\n').filter(Boolean);
  return [
    ...new Set([
      ...lines(git('diff', '--name-only', commit)),
      ...lines(git('ls-files', '--others', '--exclude-standard')),
    ]),
  ];
}

const knowsCommit = (commit: string) => {
  try {
    git('cat-file', '-e', `${commit}^{commit}`);
    return true;
  } catch {
    return false;
  }
};

/** Runs a package's `npm run mutation` until it ends or the deadline; resolves to its exit code, or 'out of time'. */
function runMutation(
  pkg: MutatedPackage,
  files: string[] | 'all',
  deadline: number,
): Promise<number | 'out of time'> {
  const args = ['run', 'mutation', ...(files === 'all' ? [] : ['--', '--mutate', files.join(',')])];
  return new Promise((resolve) => {
    const child = spawn('npm', args, {
      cwd: path.join(REPO_ROOT, pkg.dir),
      env: ENVIRONMENT,
      stdio: 'inherit',
      detached: true,
    });
    const timer = setTimeout(
      () => {
        process.kill(-child.pid!, 'SIGTERM');
        resolve('out of time');
      },
      Math.max(0, deadline - Date.now()),
    );
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code ?? 1);
    });
  });
}

async function main() {
  const args = process.argv.slice(2);
  const minutesAt = args.indexOf('--minutes');
  const minutes = minutesAt === -1 ? 15 : Number(args[minutesAt + 1]);
  const deadline = Date.now() + minutes * 60_000;
  const before = existsSync(SUMMARY) ? readFileSync(SUMMARY, 'utf8') : '';
  const base = summaryCommit(before);
  const all = args.includes('--all') || !base || !knowsCommit(base);
  const packages = await mutatedPackages();
  const changed = all ? [] : mutationPlan(packages, changedSince(base!));
  const plan: Array<{ pkg: MutatedPackage; files: string[] | 'all' }> = all
    ? packages.map((pkg) => ({ pkg, files: 'all' }))
    : changed;
  console.log(
    all
      ? 'Mutating every file of every package'
      : changed.length
        ? `Mutating what changed since ${base}: ${changed.map(({ pkg, files }) => `${pkg.name} (${files.join(', ')})`).join('; ')}`
        : `No mutated file changed since ${base}: nothing to mutate`,
  );

  const measured: MutationFigures[] = [];
  const failed: string[] = [];
  const unreached: string[] = [];
  for (const { pkg, files } of plan) {
    const outcome = await runMutation(pkg, files, deadline);
    if (outcome === 'out of time') {
      unreached.push(pkg.name);
      continue;
    }
    if (outcome !== 0) failed.push(pkg.name);
    const reportFile = path.join(REPORTS, `${pkg.name}.json`);
    if (!existsSync(reportFile)) continue;
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as StrykerReport;
    const ran = files === 'all' ? null : new Set(files.map((file) => `${pkg.name}: ${file}`));
    measured.push(...fileFigures(pkg.name, report).filter((file) => !ran || ran.has(file.name)));
  }

  const dirOf = new Map(packages.map((pkg) => [pkg.name, pkg.dir]));
  const exists = (name: string) => {
    const [pkg, file] = name.split(': ');
    return existsSync(path.join(REPO_ROOT, dirOf.get(pkg!) ?? '-', file!));
  };
  // A full run keeps the earlier figures only of the packages it could not reach.
  const kept = summaryFiles(before).filter((file) => !all || unreached.includes(file.name.split(': ')[0]!));
  const files = mergedFiles(kept, measured, exists);
  const commit = git('rev-parse', '--short=12', 'HEAD').trim();
  writeFileSync(SUMMARY, mutationMarkdown(packages.map((pkg) => pkg.name).sort(), files, commit));
  console.log(`reports/mutation.md written, describing ${commit}`);
  if (unreached.length)
    console.warn(
      `The ${minutes}-minute budget ran out before ${unreached.join(', ')}: not mutated this run.`,
    );
  if (failed.length) {
    console.error(`Mutation score under its threshold (or StrykerJS failed) in ${failed.join(', ')}`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
