import type { Budgets } from '../budgets';
import { bareNodeMemory, memoryOfTree, type ProcessMemory } from '../measure/idle-memory';
import { round } from '../report/numbers';
import type { SectionReport } from '../report/section';

/** How long the stack is left alone once ready, before its idle memory is read. */
const IDLE_SETTLE_SECONDS = 20;

const inMb = (kb: number) => round(kb / 1024);

/** A process's name in the report: the part of the stack it is. */
function processLabel({ command }: ProcessMemory): string {
  const part = /(services|stand-ins)\/([\w-]+)\//.exec(command)?.[2];
  if (part) return part;
  if (command.includes('shell/dist-node')) return 'shell';
  if (command.includes('server-kit/dist-node')) return 'embedded database';
  if (command.includes('run-command.cjs start')) return 'supervisor (`npm start`)';
  return command.slice(0, 60);
}

/** What `npm start` holds at idle: every process of its tree, beside one bare node:http process. */
export async function measureIdleMemory(stackPid: number, budgets: Budgets): Promise<SectionReport> {
  console.log(`Idle memory, ${IDLE_SETTLE_SECONDS} s after the stack is ready…`);
  await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_SECONDS * 1000));
  const processes = memoryOfTree(stackPid);
  const bare = await bareNodeMemory();
  const pss = processes.reduce((sum, process) => sum + process.pssKb, 0);
  const rss = processes.reduce((sum, process) => sum + process.rssKb, 0);
  const missed = inMb(pss) > budgets.maxIdleStackMb;
  return {
    missed,
    lines: [
      '## Memory at idle',
      '',
      `Every process \`npm start\` runs (single instance, embedded databases, started fresh), ${IDLE_SETTLE_SECONDS} s after it is ready and before anything is measured, from /proc: RSS, and PSS (each page shared by several processes, such as Node's own code, counted once in all). Reference: one idle bare node:http server process. Budget: the stack's PSS ≤ ${budgets.maxIdleStackMb} MB.`,
      '',
      '| process | PSS | RSS |',
      '|---|---|---|',
      ...processes.map(
        (process) => `| ${processLabel(process)} | ${inMb(process.pssKb)} MB | ${inMb(process.rssKb)} MB |`,
      ),
      `| **the stack** (${processes.length} processes) | **${inMb(pss)} MB** | ${inMb(rss)} MB |`,
      `| reference: bare node:http | ${inMb(bare.pssKb)} MB | ${inMb(bare.rssKb)} MB |`,
      '',
      missed
        ? `**missed**: ${inMb(pss)} MB > ${budgets.maxIdleStackMb} MB.`
        : `ok: ${inMb(pss)} MB ≤ ${budgets.maxIdleStackMb} MB.`,
      '',
    ],
  };
}
