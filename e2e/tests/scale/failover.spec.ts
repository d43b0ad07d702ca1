import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { Client } from 'pg';
import { apiOrder } from '../../support/checkout';
import { callFrom, instancesOf, pidOf, SCALE_STACK } from '../../support/scale-stack';

/**
 * One checkout instance killed while shoppers are placing orders through the shop's front door. A
 * shopper whose request fails tries again with the same Idempotency-Key, as the checkout page does on
 * Try Again; in the end every order is placed once, paid for by one payment link, none lost or doubled.
 */

const SOURCES = ['127.0.0.51', '127.0.0.52', '127.0.0.53']; // 15 orders each: within the limit of 20
const ORDERS_PER_SOURCE = 15;
const run = randomUUID().slice(0, 8);

const order = (n: number) =>
  apiOrder({ productId: 'retatrutide', dose: '10mg', email: `failover-${run}-${n}@lab.example` });

/** Places one order, trying again (same key) after a failure: the answer's order id, and the tries. */
async function placeUntilAnswered(source: string, n: number): Promise<{ orderId: string; tries: number }> {
  const key = `failover-${run}-${n}`;
  for (let tries = 1; tries <= 20; tries += 1) {
    try {
      const answer = await callFrom(source, `${SCALE_STACK.baseURL}/api/checkout/orders`, {
        method: 'POST',
        headers: { 'idempotency-key': key },
        body: order(n),
      });
      if (answer.status === 201 || answer.status === 200)
        return { orderId: answer.json<{ orderId: string }>().orderId, tries };
      if (answer.status < 500) throw new Error(`order ${n} refused: ${answer.status} ${answer.body}`);
    } catch (error) {
      if ((error as Error).message.startsWith('order ')) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`order ${n} never answered`);
}

const linkCount = async () =>
  (
    await callFrom('127.0.0.50', `${instancesOf('payment-sandbox')[0]!.url}/sandbox/payment-links/count`)
  ).json<{
    count: number;
  }>().count;

test('killing one checkout instance mid-load loses and duplicates no order', async () => {
  test.setTimeout(120_000);
  const linksBefore = await linkCount();
  const victim = instancesOf('checkout')[1]!;
  const victimPid = pidOf(victim.label);

  let placed = 0;
  const shoppers = SOURCES.map(async (source, s) => {
    const results = [];
    for (let i = 0; i < ORDERS_PER_SOURCE; i += 1) {
      results.push(await placeUntilAnswered(source, s * ORDERS_PER_SOURCE + i));
      placed += 1;
    }
    return results;
  });
  // A third of the way in, the second instance dies at once (no graceful stop).
  while (placed < (SOURCES.length * ORDERS_PER_SOURCE) / 3)
    await new Promise((resolve) => setTimeout(resolve, 20));
  process.kill(victimPid, 'SIGKILL');
  const results = (await Promise.all(shoppers)).flat();

  const total = SOURCES.length * ORDERS_PER_SOURCE;
  expect(new Set(results.map((r) => r.orderId)).size).toBe(total);
  const db = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await db.connect();
  try {
    const { rows } = await db.query<{ orders: number; keys: number }>(
      `SELECT count(*)::int AS orders, count(DISTINCT idempotency_key)::int AS keys
         FROM ${SCALE_STACK.schemaPrefix}checkout.orders WHERE idempotency_key LIKE $1`,
      [`failover-${run}-%`],
    );
    expect(rows[0]).toEqual({ orders: total, keys: total });
  } finally {
    await db.end();
  }
  expect((await linkCount()) - linksBefore).toBe(total);

  // npm start's supervisor brings the instance back.
  await expect.poll(() => pidOf(victim.label), { timeout: 15_000 }).not.toBe(victimPid);
  await expect
    .poll(
      async () => (await callFrom('127.0.0.50', `${victim.url}/readyz`).catch(() => ({ status: 0 }))).status,
      {
        timeout: 30_000,
      },
    )
    .toBe(200);
});
