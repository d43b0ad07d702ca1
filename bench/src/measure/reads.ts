import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../paths';
import type { LoadBudgets } from '../budgets';
import { startBareServer } from '../processes/reference-server';
import type { LoadRow } from '../report/load-row';
import { round } from '../report/numbers';
import { measureLoad, type LoadFigures } from './load';
import { median, medianFigures } from './statistics';

export interface ReadTarget {
  label: string;
  direct: string;
  throughShell: string;
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
