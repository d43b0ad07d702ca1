import { createPriceLeases } from '../src/price-leases';

/** A clock the test moves; the leases' waits are real timers, each a few ms here. */
function testClock(start: number) {
  let at = start;
  return { now: () => at, move: (ms: number) => (at += ms) };
}

describe('price leases', () => {
  it("holds a new catalog's first change for one lease from its process's start: a predecessor's leases", async () => {
    const clock = testClock(0);
    const leases = createPriceLeases(30, clock.now);
    const applied = jest.fn(async () => undefined);
    const change = leases.change(applied);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(applied).not.toHaveBeenCalled();
    clock.move(30);
    await change;
    expect(applied).toHaveBeenCalledTimes(1);
  });

  it('makes a change current only after the last lease granted before it has ended, granting none meanwhile', async () => {
    const clock = testClock(1_000);
    const leases = createPriceLeases(30, clock.now);
    expect(leases.grant()).toBe(30);
    clock.move(20);
    expect(leases.grant()).toBe(30); // ends at 1,050
    const order: string[] = [];
    const change = leases.change(async () => {
      order.push(`applied at ${clock.now()}`);
    });
    expect(leases.grant()).toBeNull();
    clock.move(29);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(order).toEqual([]);
    expect(leases.grant()).toBeNull();
    clock.move(1);
    await change;
    expect(order).toEqual(['applied at 1050']);
    expect(leases.grant()).toBe(30);
  });

  it('grants again after a change that failed to be made current', async () => {
    const leases = createPriceLeases(30, testClock(1_000).now);
    await expect(leases.change(() => Promise.reject(new Error('edge down')))).rejects.toThrow('edge down');
    expect(leases.grant()).toBe(30);
  });

  it('lends nothing when leases are off, and then holds no change', async () => {
    const leases = createPriceLeases(0, testClock(0).now);
    expect(leases.grant()).toBeNull();
    const applied = jest.fn(async () => undefined);
    await leases.change(applied);
    expect(applied).toHaveBeenCalledTimes(1);
  });
});
