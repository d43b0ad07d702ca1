import { once } from 'node:events';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadShedder } from './load-shedding';

/** A server that admits through the shedder and holds each admitted answer until the test lets it go. */
async function heldServer(maxInFlight: number) {
  const shedder = loadShedder(maxInFlight, 2);
  const held: ServerResponse[] = [];
  const server = createServer((req, res) => {
    if (!shedder.admit(req, res)) return;
    if (req.url === '/healthz') return void res.end('ok');
    held.push(res);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const release = () => held.splice(0).forEach((res) => res.end('done'));
  return { shedder, server, base, release, held };
}

function get(url: string): Promise<{ res: IncomingMessage; body: string }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ res, body }));
    })
      .on('error', reject)
      .end();
  });
}

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('load shedding', () => {
  it('refuses at once past the limit, pages and APIs alike, answers probes, and takes requests again after', async () => {
    const { shedder, server, base, release, held } = await heldServer(2);
    const admitted = [get(`${base}/`), get(`${base}/api/catalog/home-products`)];
    await until(() => held.length === 2);

    const page = await get(`${base}/product/bpc-157`);
    expect(page.res.statusCode).toBe(503);
    expect(page.res.headers['retry-after']).toBe('2');
    expect(page.res.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('The shop is busy. Please try again in a moment.');
    const api = await get(`${base}/api/checkout/orders`);
    expect(api.res.statusCode).toBe(503);
    expect(api.res.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(api.body)).toMatchObject({
      status: 503,
      detail: 'The shop is busy. Please try again in a moment.',
    });
    expect((await get(`${base}/healthz`)).res.statusCode).toBe(200);

    release();
    expect((await Promise.all(admitted)).map(({ res }) => res.statusCode)).toEqual([200, 200]);
    await until(() => shedder.inFlight() === 0);
    const after = get(`${base}/`);
    await until(() => held.length === 1);
    release();
    expect((await after).res.statusCode).toBe(200);
    server.close();
  });

  it('counts a shopper who leaves before the answer as gone', async () => {
    const { shedder, server, base } = await heldServer(1);
    const leaving = httpRequest(`${base}/`, { agent: false }).on('error', () => undefined);
    leaving.end();
    await until(() => shedder.inFlight() === 1);
    leaving.destroy();
    await until(() => shedder.inFlight() === 0);
    server.closeAllConnections();
    server.close();
  });

  it('admits everything when the limit is 0', async () => {
    const { shedder, server, base, release, held } = await heldServer(0);
    const answers = [get(`${base}/`), get(`${base}/`), get(`${base}/`)];
    await until(() => held.length === 3);
    release();
    expect((await Promise.all(answers)).map(({ res }) => res.statusCode)).toEqual([200, 200, 200]);
    expect(shedder.inFlight()).toBe(0);
    server.close();
  });
});
