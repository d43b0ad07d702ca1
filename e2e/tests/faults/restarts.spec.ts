import { expect, test } from '@playwright/test';
import { killInstance, runDrill, sandboxLedger, StackHandle } from '@storefront/delivery/faults';
import { DATA_DIR } from '../../support/builds';

/**
 * The default stack (`npm start`: one process per part, the embedded database) while shoppers shop:
 * each service killed with SIGKILL is started again by npm start and ready within 2 s, and meanwhile
 * nothing a shopper sends fails (the shell holds what is safe to send again) and no order is lost or
 * made twice. Its own project, after the browser projects and before the operations one, which
 * stops and redeploys parts of the same stack.
 */
test.describe.configure({ mode: 'serial' });

const stack = new StackHandle(DATA_DIR);
const SERVICES = ['catalog', 'product', 'checkout', 'account', 'content'];

SERVICES.forEach((part, index) => {
  test(`kill -9 of the ${part} service: ready again within 2 s, no shopper's request fails, no order lost or doubled`, async () => {
    const sandbox = stack.instancesOf('payment-sandbox')[0]!.url;
    const outcome = await runDrill(stack, killInstance(part), {
      shoppers: 10,
      ledger: sandboxLedger(sandbox),
      // Shoppers of their own, whose limits no other test has spent.
      sourceAddress: (shopper) => `127.0.${40 + index}.${shopper + 1}`,
      // Enough that shoppers go on ordering through the outage (well within each one's limit of 1000):
      // the orders sent while the service is down are the ones this drill is about.
      ordersPerShopper: 200,
    });
    test.info().annotations.push({ type: 'drill', description: JSON.stringify(outcome) });
    expect(outcome.failures, 'requests that failed as shoppers saw them').toEqual([]);
    expect(outcome.recoveryMs).toBeLessThanOrEqual(2_000);
    expect(outcome.ordersAnswered).toBeGreaterThan(0);
    expect(outcome.ordersDuringFault, 'orders sent while the service was down').toBeGreaterThan(0);
    expect({ lost: outcome.lost, doubled: outcome.doubled }).toEqual({ lost: 0, doubled: 0 });
    // Every order placed was made once: one payment link for each.
    expect(outcome.ordersCreated).toBe(outcome.ordersPlaced);
  });
});
