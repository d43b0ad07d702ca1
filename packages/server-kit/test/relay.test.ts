import { startRelay } from '../src/relay';

const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a relay of an outbox', () => {
  it('runs one delivery at a time, and once more after one asked for meanwhile', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    let release: () => void = () => undefined;
    const relay = startRelay(
      async () => {
        runs += 1;
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => (release = resolve));
        running -= 1;
      },
      60_000,
      () => undefined,
    );
    relay.nudge();
    relay.nudge();
    relay.nudge();
    await tick();
    expect(runs).toBe(1);
    release();
    await tick();
    // The nudges that came while it ran make one more run, never a second at once.
    expect(runs).toBe(2);
    release();
    await tick();
    expect(runs).toBe(2);
    expect(most).toBe(1);
    relay.stop();
  });

  it('reports a failed delivery and tries again on its timer', async () => {
    const failures: unknown[] = [];
    let attempts = 0;
    const relay = startRelay(
      async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('receiver down');
      },
      20,
      (error) => failures.push(error),
    );
    relay.nudge();
    await tick(80);
    relay.stop();
    expect(failures).toEqual([new Error('receiver down')]);
    expect(attempts).toBeGreaterThanOrEqual(2);
    const after = attempts;
    await tick(60);
    expect(attempts).toBe(after);
  });
});
