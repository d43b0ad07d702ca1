import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { createPageCache, encode, isCached, type PageDocument } from './page-cache';

const page = (
  text: string,
  versions: PageDocument['versions'] = [{ url: '/api/x', etag: '"1"' }],
  status = 200,
) => ({
  status,
  html: Buffer.from(text),
  versions,
});

describe('the page cache', () => {
  let current: boolean;
  let checks: number;
  const stillCurrent = async () => {
    checks++;
    return current;
  };
  beforeEach(() => {
    current = true;
    checks = 0;
  });

  it('serves a page again while its data stands, asking its service each time', async () => {
    const cache = createPageCache({ maxEntries: 10, stillCurrent });
    const render = jest.fn(async () => page('home v1'));
    expect((await cache.page('home', render)).html.toString()).toBe('home v1');
    expect((await cache.page('home', render)).html.toString()).toBe('home v1');
    expect(render).toHaveBeenCalledTimes(1);
    expect(checks).toBe(1);
  });

  it('renders again on the first request after its data changed (a price), never serving the old page', async () => {
    const cache = createPageCache({ maxEntries: 10, stillCurrent });
    await cache.page('product', async () => page('price $79.99'));
    current = false;
    const next = await cache.page('product', async () => page('price $84.99'));
    expect(next.html.toString()).toBe('price $84.99');
    current = true;
    expect((await cache.page('product', async () => page('unused'))).html.toString()).toBe('price $84.99');
  });

  it('renders once for every request that arrives while a page is being rendered', async () => {
    const cache = createPageCache({ maxEntries: 10, stillCurrent });
    let release!: () => void;
    const render = jest.fn(
      () => new Promise<PageDocument>((resolve) => (release = () => resolve(page('once')))),
    );
    const crowd = Array.from({ length: 5 }, () => cache.page('crowd', render));
    release();
    expect((await Promise.all(crowd)).map((p) => p.html.toString())).toEqual(Array(5).fill('once'));
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('confirms a kept page once for all the requests that arrive while a confirmation is on its way, with the next one', async () => {
    const answers: Array<(stands: boolean) => void> = [];
    const confirmation = () => new Promise<boolean>((resolve) => answers.push(resolve));
    const cache = createPageCache({ maxEntries: 10, stillCurrent: confirmation });
    await cache.page('product', async () => page('price $79.99'));
    answers.shift()?.(true);
    const first = cache.current('product');
    expect(answers).toHaveLength(1);
    // Five shoppers arrive while the first confirmation is out: it was asked before they came, so they wait
    // for the next one, sent as soon as it is back, and share that one.
    const crowd = Array.from({ length: 5 }, () => cache.current('product'));
    expect(answers).toHaveLength(1);
    answers.shift()!(true);
    expect((await first)?.html.toString()).toBe('price $79.99');
    await new Promise((resolve) => setImmediate(resolve));
    expect(answers).toHaveLength(1);
    // The price changed after the first confirmation was asked: the crowd sees it.
    answers.shift()!(false);
    expect(await Promise.all(crowd)).toEqual(Array(5).fill(null));
    expect(answers).toHaveLength(0);
  });

  it('keeps nothing whose data failed, went untagged, or that did not stand (a 404, a 503)', async () => {
    const cache = createPageCache({ maxEntries: 10, stillCurrent });
    for (const uncacheable of [page('untagged', null), page('missing', [], 404), page('down', [], 503)]) {
      const render = jest.fn(async () => uncacheable);
      expect(isCached(await cache.page('x', render))).toBe(false);
      await cache.page('x', render);
      expect(render).toHaveBeenCalledTimes(2);
    }
    expect(cache.size()).toBe(0);
  });

  it('lets the least recently served page go first', async () => {
    const cache = createPageCache({ maxEntries: 2, stillCurrent });
    await cache.page('a', async () => page('a'));
    await cache.page('b', async () => page('b'));
    await cache.page('a', async () => page('a again'));
    await cache.page('c', async () => page('c'));
    expect((await cache.page('a', async () => page('unused'))).html.toString()).toBe('a');
    const renderB = jest.fn(async () => page('b again'));
    await cache.page('b', renderB);
    expect(renderB).toHaveBeenCalledTimes(1);
  });

  it('compresses a kept page once per encoding, and the bytes are the page', async () => {
    const cache = createPageCache({ maxEntries: 10, stillCurrent });
    const kept = await cache.page('home', async () => page('<html>home</html>'));
    if (!isCached(kept)) throw new Error('not kept');
    const br = encode(kept, 'br');
    expect(encode(kept, 'br')).toBe(br);
    expect(brotliDecompressSync(br).toString()).toBe('<html>home</html>');
    expect(gunzipSync(encode(kept, 'gzip')).toString()).toBe('<html>home</html>');
    expect(kept.etag).toMatch(/^"[\w-]{27}"$/);
  });
});
