import { expect, test } from '@playwright/test';
import { confirmedResearcher, signIn } from '../../support/accounts';
import { apiOrder } from '../../support/checkout';
import { callFrom, instancesOf, SCALE_STACK } from '../../support/scale-stack';

/**
 * Every limit holds at its stated number with two instances of each service: the requests of one
 * client alternate between the instances (sent to each directly), and the budget is still one. Each
 * test is a client of its own, from its own loopback address.
 */

/** Makes `count` requests, alternating between a part's two instances; returns each status. */
async function alternate(
  part: string,
  count: number,
  request: (instanceUrl: string, attempt: number) => Promise<number>,
): Promise<number[]> {
  const instances = instancesOf(part);
  expect(instances).toHaveLength(2);
  const statuses: number[] = [];
  for (let attempt = 0; attempt < count; attempt += 1) {
    statuses.push(await request(instances[attempt % 2]!.url, attempt));
  }
  return statuses;
}

test('ten affiliate lookups a minute per client, across both checkout instances and through the site', async () => {
  const source = '127.0.0.21';
  const statuses = await alternate('checkout', 10, async (url, attempt) => {
    const answer = await callFrom(source, `${url}/affiliates/lookup`, {
      method: 'POST',
      body: { code: `GUESS${attempt}` },
    });
    return answer.status;
  });
  expect(statuses.every((status) => status !== 429)).toBe(true);
  // The eleventh, by either instance or through the shop's front door, is refused.
  for (const url of [instancesOf('checkout')[0]!.url, `${SCALE_STACK.baseURL}/api/checkout`]) {
    const refused = await callFrom(source, `${url}/affiliates/lookup`, {
      method: 'POST',
      body: { code: 'RESEARCH10' },
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  }
  // Another client still has its own budget.
  const other = await callFrom('127.0.0.22', `${SCALE_STACK.baseURL}/api/checkout/affiliates/lookup`, {
    method: 'POST',
    body: { code: 'RESEARCH10' },
  });
  expect(other.status).toBe(200);
});

test('ten failed sign-ins per account and client across both account instances; the owner elsewhere still signs in', async () => {
  const email = `limits-${Date.now()}@lab.example`;
  await confirmedResearcher('127.0.0.23', email);
  const stranger = '127.0.0.24';
  const statuses = await alternate('account', 10, async (url) => {
    return (await signIn(stranger, url, email, 'wrong password')).status;
  });
  expect(statuses).toEqual(Array(10).fill(400));
  for (const instance of instancesOf('account')) {
    expect((await signIn(stranger, instance.url, email)).status).toBe(429);
  }
  const owner = await signIn('127.0.0.23', instancesOf('account')[1]!.url, email);
  expect(owner.status).toBe(200);
});

test('twenty orders per client in ten minutes, across both checkout instances', async () => {
  test.slow();
  const source = '127.0.0.25';
  const order = (attempt: number) =>
    apiOrder({ productId: 'bpc-157', dose: '10mg', email: `limit-order-${attempt}@lab.example` });
  const statuses = await alternate('checkout', 20, async (url, attempt) => {
    return (await callFrom(source, `${url}/orders`, { method: 'POST', body: order(attempt) })).status;
  });
  expect(statuses).toEqual(Array(20).fill(201));
  for (const instance of instancesOf('checkout')) {
    const refused = await callFrom(source, `${instance.url}/orders`, { method: 'POST', body: order(99) });
    expect(refused.status).toBe(429);
  }
});
