import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { CrowdBudgets } from '../budgets';
import { REPO_ROOT } from '../paths';
import { startBareServer } from '../processes/reference-server';
import { round } from '../report/numbers';
import { measureCrowd, type CrowdFigures } from './crowd';

/** An orchestrator's probes while the shell is overwhelmed: each as the kubelet would send it. */
export interface ProbeFigures {
  sent: number;
  /** Answered 200 within the budget's time. */
  answeredInTime: number;
  slowestMs: number;
}

export interface CrowdAtLimit {
  bare: CrowdFigures;
  shell: CrowdFigures;
  overwhelmed: CrowdFigures;
  probes: ProbeFigures;
  misses: string[];
}

const PROBE_EVERY_MS = 250;

/**
 * The prober, in a thread of its own: in the crowd's thread its timings would be the load generator's
 * own lateness, not the shell's. It asks `/healthz` every 250 ms, each with the budget's timeout, until
 * told to stop, then posts its figures.
 */
const PROBER = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, timeoutMs, everyMs } = workerData;
const figures = { sent: 0, answeredInTime: 0, slowestMs: 0 };
let running = true;
parentPort.once('message', () => (running = false));
(async () => {
  while (running) {
    const started = performance.now();
    figures.sent += 1;
    const answer = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) }).catch(() => null);
    const ms = performance.now() - started;
    figures.slowestMs = Math.max(figures.slowestMs, ms);
    if (answer && answer.status === 200) figures.answeredInTime += 1;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, everyMs - ms)));
  }
  parentPort.postMessage(figures);
})();
`;

/** `/healthz` asked every 250 ms from a thread of its own until `until` settles. */
async function probeWhile(url: string, timeoutMs: number, until: Promise<unknown>): Promise<ProbeFigures> {
  const prober = new Worker(PROBER, { eval: true, workerData: { url, timeoutMs, everyMs: PROBE_EVERY_MS } });
  const figures = once(prober, 'message') as Promise<[ProbeFigures]>;
  await until.catch(() => undefined);
  prober.postMessage('stop');
  const [result] = await figures;
  await prober.terminate();
  return result;
}

const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
const ms = (value: number) => `${round(value)} ms`;

/** Every budget the run missed, in words. */
function missesOf(run: Omit<CrowdAtLimit, 'misses'>, budgets: CrowdBudgets): string[] {
  const { bare, shell, overwhelmed, probes } = run;
  const misses: string[] = [];
  const answeredShare = share(shell.accepted.count, bare.accepted.count);
  if (answeredShare < budgets.minAnsweredShareOfBare)
    misses.push(
      `answered ${round(answeredShare * 100, 1)} % of bare's < ${budgets.minAnsweredShareOfBare * 100} %`,
    );
  const refusedShare = share(shell.refused.count, shell.refused.count + shell.accepted.count);
  if (refusedShare > budgets.maxRefusedShare)
    misses.push(`refused ${round(refusedShare * 100, 2)} % > ${budgets.maxRefusedShare * 100} %`);
  if (shell.accepted.p99 > budgets.maxAnsweredP99OverBare * bare.accepted.p99)
    misses.push(
      `answered p99 ${ms(shell.accepted.p99)} > ${budgets.maxAnsweredP99OverBare} × bare's ${ms(bare.accepted.p99)}`,
    );
  if (shell.unanswered) misses.push(`${shell.unanswered} unanswered at ${budgets.connections} connections`);
  if (overwhelmed.unanswered)
    misses.push(`${overwhelmed.unanswered} unanswered at ${budgets.overwhelmingConnections} connections`);
  if (probes.answeredInTime < probes.sent)
    misses.push(
      `${probes.sent - probes.answeredInTime} of ${probes.sent} probes not answered within ${budgets.maxProbeMs} ms`,
    );
  if (
    overwhelmed.refused.count > overwhelmed.refusedWithRetryAfter ||
    shell.refused.count > shell.refusedWithRetryAfter
  )
    misses.push('a 503 without Retry-After');
  return misses;
}

/**
 * A page under a crowd the machine can serve (bare node:http sending its very bytes under the same
 * crowd, measured right before, is the reference), then under one it cannot, its probes asked
 * throughout: what the shell answers, refuses and leaves unanswered.
 */
export async function measureCrowdAtLimit(
  pageUrl: string,
  probeUrl: string,
  barePort: number,
  budgets: CrowdBudgets,
): Promise<CrowdAtLimit> {
  const bodyFile = path.join(REPO_ROOT, '.data/bench-crowd-page.html');
  writeFileSync(bodyFile, await (await fetch(pageUrl)).text());
  const server = await startBareServer(bodyFile, barePort, undefined, 'text/html; charset=utf-8');
  let bare: CrowdFigures;
  try {
    bare = await measureCrowd(`http://127.0.0.1:${barePort}/`, budgets.connections, budgets.seconds);
  } finally {
    server.kill('SIGTERM');
  }
  const shell = await measureCrowd(pageUrl, budgets.connections, budgets.seconds);
  const crowd = measureCrowd(pageUrl, budgets.overwhelmingConnections, budgets.seconds);
  const probes = await probeWhile(probeUrl, budgets.maxProbeMs, crowd);
  const run = { bare, shell, overwhelmed: await crowd, probes };
  return { ...run, misses: missesOf(run, budgets) };
}
