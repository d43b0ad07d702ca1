import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  canRestartPostgres,
  freezeInstance,
  killInstance,
  postgresLedger,
  restartPostgres,
  runDrill,
  StackHandle,
  stopRedisFor,
  type DrillOutcome,
  type Fault,
} from '@storefront/delivery/faults';
import { SCALE_STACK } from '../../support/scale-stack';

/**
 * Faults on the shape of a deployment (two instances of every part behind nginx, PostgreSQL, Redis)
 * while shoppers shop through the front door: an instance killed, PostgreSQL restarted, Redis gone,
 * an instance frozen. No shopper's request may fail, and every order is made once: none lost, none
 * doubled, counted in the checkout service's own rows.
 */

const stack = new StackHandle(path.resolve(__dirname, '../..', '..', SCALE_STACK.dataDir));
const databaseUrl = process.env.TEST_DATABASE_URL!;
const redisUrl = process.env.TEST_REDIS_URL!;
let block = 60;

async function drill(fault: Fault): Promise<DrillOutcome> {
  // Each drill's shoppers come from addresses of their own: the stack's per-client limits are the real ones.
  const addresses = (block += 1);
  const outcome = await runDrill(stack, fault, {
    shoppers: 10,
    ledger: postgresLedger(databaseUrl, `${SCALE_STACK.schemaPrefix}checkout`),
    sourceAddress: (shopper) => `127.0.${addresses}.${shopper + 1}`,
    ordersPerShopper: 8,
  });
  test.info().annotations.push({ type: 'drill', description: JSON.stringify(outcome) });
  return outcome;
}

function expectShoppersUnharmed(outcome: DrillOutcome) {
  expect(outcome.failures, 'requests that failed as shoppers saw them').toEqual([]);
  expect(outcome.ordersAnswered).toBeGreaterThan(0);
  expect({ lost: outcome.lost, doubled: outcome.doubled, created: outcome.ordersCreated }).toEqual({
    lost: 0,
    doubled: 0,
    created: outcome.ordersPlaced,
  });
}

for (const part of ['catalog', 'product', 'checkout', 'account', 'content', 'shell']) {
  test(`kill -9 of one of two ${part} instances fails no shopper's request`, async () => {
    const outcome = await drill(killInstance(part, 1));
    expectShoppersUnharmed(outcome);
  });
}

test('a PostgreSQL restart under load fails no request, and every order is made once', async () => {
  test.skip(
    !canRestartPostgres(),
    "this machine's PostgreSQL cannot be restarted from here (Debian's cluster, as root)",
  );
  const outcome = await drill({
    name: 'PostgreSQL restarted',
    inflict: async () => restartPostgres(),
  });
  expectShoppersUnharmed(outcome);
});

test('Redis down for 3 s: limits are counted per instance meanwhile, and no request fails', async () => {
  const outcome = await drill({
    name: 'Redis down for 3 s',
    inflict: async () => {
      await stopRedisFor(redisUrl, 3_000);
      return 3_000;
    },
  });
  expectShoppersUnharmed(outcome);
});

test('one catalog instance frozen for 3 s slows some shoppers and fails none', async () => {
  const outcome = await drill(freezeInstance('catalog', 3_000, 1));
  expectShoppersUnharmed(outcome);
});
