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

/** The sandbox's development credential, as the stack's checkout uses it (Square's Bearer token). */
const SANDBOX_ACCESS_TOKEN = 'sandbox-access-token';

/**
 * Refunds, in full, the payment taken on the sandbox's hosted page at `hostedPageUrl`, as an operator
 * would through Square's RefundPayment: Square (the sandbox) then sends its signed refund events.
 */
export async function refundInSandbox(hostedPageUrl: string): Promise<void> {
  const { origin, pathname } = new URL(hostedPageUrl);
  const link = (await (
    await fetch(`${origin}/sandbox/payment-links/${pathname.split('/').pop()}`)
  ).json()) as {
    payment: { id: string; amount: number };
  };
  const answer = await fetch(`${origin}/v2/refunds`, {
    method: 'POST',
    headers: { authorization: `Bearer ${SANDBOX_ACCESS_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      idempotency_key: `e2e-${link.payment.id}`,
      payment_id: link.payment.id,
      amount_money: { amount: link.payment.amount, currency: 'USD' },
    }),
  });
  if (!answer.ok) throw new Error(`the sandbox refused the refund: ${answer.status} ${await answer.text()}`);
}
