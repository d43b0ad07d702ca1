import { openLiveSnapshot, type LiveSnapshot } from '../src';
import { silentLogger } from '../src/testing';

describe('a live snapshot made current through the page cache edges', () => {
  it('shows each load only inside publish, the first one included, and publishes nothing unchanged', async () => {
    let version = 1;
    const shownBeforeSwap: Array<number | undefined> = [];
    const published: number[] = [];
    // Read by publish during the first load, before openLiveSnapshot has returned it.
    const opened: { snapshot?: LiveSnapshot<number> } = {};
    const snapshot = await openLiveSnapshot({
      name: 'prices',
      version: async () => String(version),
      load: async () => version * 100,
      logger: silentLogger(),
      checkEveryMs: 10,
      publish: async (swap) => {
        // The edges are held here: the new data must not be current yet.
        shownBeforeSwap.push(opened.snapshot?.current());
        swap();
        published.push(opened.snapshot?.current() ?? -1);
      },
    });
    opened.snapshot = snapshot;
    expect(snapshot.current()).toBe(100);
    expect(published).toEqual([-1]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    version = 2;
    await new Promise((resolve) => setTimeout(resolve, 50));
    snapshot.close();
    expect(snapshot.current()).toBe(200);
    // The first publication ran before openLiveSnapshot returned (nothing to show yet); one per change.
    expect(shownBeforeSwap).toEqual([undefined, 100]);
    expect(published).toEqual([-1, 200]);
  });
});
