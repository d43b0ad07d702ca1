import path from 'node:path';
import { Router } from 'express';
import { openTestService, testDatabaseKinds, type TestService } from '@storefront/server-kit/testing';
import { deliverProgramEvents, type ProgramInbox } from '../src/domain/report-to-program';
import { recordProgramEvent, type ProgramEvent } from '../src/store/program-events-store';

/**
 * The outbox's delivery, against an inbox that answers as the affiliate service does: takes a batch,
 * or throws while it is down. (The delivery to the real service is proven in services/affiliate's tests.)
 */
describe.each(testDatabaseKinds())("the affiliate program's outbox on %s", (kind) => {
  let checkout: TestService;
  beforeAll(async () => {
    checkout = await openTestService(kind, {
      name: 'checkout',
      migrationsDir: path.join(__dirname, '../migrations'),
      // Only the database is used here: no routes.
      start: () => ({ routes: Router() }),
    });
  });
  afterAll(() => checkout.dispose());

  const undelivered = async () =>
    Number(
      (
        await checkout.db.query<{ n: string }>(
          'SELECT count(*) AS n FROM program_events WHERE delivered_at IS NULL',
        )
      ).rows[0]!.n,
    );

  it('sends every event oldest first in batches of 100, and keeps a batch the program did not take', async () => {
    for (let n = 0; n < 150; n++) {
      await recordProgramEvent(checkout.db, 'order-reversed', { orderId: `order-${n}`, reason: 'refunded' });
    }
    const batches: ProgramEvent[][] = [];
    let down = true;
    const inbox: ProgramInbox = {
      async take(events) {
        if (down && batches.length === 1) throw new Error('the program is restarting');
        batches.push(events);
      },
    };

    await expect(deliverProgramEvents(checkout.db, inbox)).rejects.toThrow('the program is restarting');
    expect(batches.map((batch) => batch.length)).toEqual([100]);
    expect(await undelivered()).toBe(50);

    down = false;
    expect(await deliverProgramEvents(checkout.db, inbox)).toBe(50);
    expect(batches.map((batch) => batch.length)).toEqual([100, 50]);
    const orderIds = batches.flat().map((event) => event.body.orderId);
    expect(orderIds).toEqual(Array.from({ length: 150 }, (_, n) => `order-${n}`));
    expect(await undelivered()).toBe(0);
    expect(await deliverProgramEvents(checkout.db, inbox)).toBe(0);
  });
});
