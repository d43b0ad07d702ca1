import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ROOT } from './builds';

const run = promisify(execFile);

/** `npm run affiliates -- …` against the stack at `site` (the development credential: production refuses it). */
export async function operatorCommand(site: string, ...args: string[]): Promise<string> {
  const { stdout } = await run(
    'node',
    ['--import', 'tsx', 'services/affiliate/src/cli/affiliates.ts', ...args],
    {
      cwd: ROOT,
      env: { ...process.env, AFFILIATE_OPERATOR_URL: `${site}/api/affiliate` },
    },
  );
  return stdout;
}

/** Approves the application of the affiliate named `name` with the command line; their code. */
export async function approveByCommand(site: string, name: string): Promise<string> {
  const pending = await operatorCommand(site, 'list', 'applied');
  const id = pending
    .split('\n')
    .find((line) => line.includes(name))!
    .split(' ', 1)[0]!;
  const approved = await operatorCommand(site, 'approve', id);
  return /their code is ([A-Z0-9]+)\.$/.exec(approved.trim())![1]!;
}

/** An affiliate's name no other test (nor another run of this one) applies with: found by it in lists. */
export const uniqueAffiliateName = (name: string) => `${name} ${Math.floor(Math.random() * 1e6)}`;
