import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as z from '@storefront/schema';
import { ApiError, apiResource, failureWords, readAnswer, requestJson } from './api-client';

const greeting = z.object({ hello: z.string() });
const problem = { title: 'Not found', status: 404, detail: 'No product is called that.' };

describe('an API answer read for a page', () => {
  it('is its body, checked, for every 2xx status', () => {
    for (const status of [200, 201, 299])
      expect(readAnswer(status, { hello: 'lab' }, greeting)).toEqual({ hello: 'lab' });
  });

  it('refuses a 2xx body of another shape', () => {
    expect(() => readAnswer(200, { hello: 7 }, greeting)).toThrow();
  });

  it("is an ApiError carrying the service's problem for any other status", () => {
    for (const status of [199, 300, 404, 503]) {
      const error = (() => {
        try {
          readAnswer(status, problem, greeting);
        } catch (thrown) {
          return thrown;
        }
      })();
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status, problem, message: 'No product is called that.' });
    }
  });

  it('says what it can when the failure carries no problem, or one without detail', () => {
    expect(new ApiError(502, null).message).toBe('Request failed with status 502');
    expect(new ApiError(409, { title: 'Prices Changed', status: 409 }).message).toBe('Prices Changed');
    expect(() => readAnswer(500, '<html>proxy error</html>', greeting)).toThrow(
      expect.objectContaining({ status: 500, problem: null }),
    );
  });
});

describe('a JSON API called from the browser', () => {
  let server: Server;
  let base: string;
  const seen: Array<{ method?: string; url?: string; headers: IncomingHttpHeaders; body: string }> = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, body });
        if (req.url === '/missing')
          return res
            .writeHead(404, { 'content-type': 'application/problem+json' })
            .end(JSON.stringify(problem));
        if (req.url === '/broken') return res.writeHead(502).end('Bad gateway');
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ hello: 'lab' }));
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());
  beforeEach(() => (seen.length = 0));

  it('asks for JSON, says it sends JSON only when it does, and keeps the headers given', async () => {
    await requestJson(`${base}/greeting`, greeting);
    await requestJson(`${base}/greeting`, greeting, {
      method: 'POST',
      body: '{"name":"lab"}',
      headers: { 'idempotency-key': 'k-1' },
    });
    expect(seen.map(({ method, headers }) => [method, headers.accept, headers['content-type']])).toEqual([
      ['GET', 'application/json', undefined],
      ['POST', 'application/json', 'application/json'],
    ]);
    expect([seen[1]!.headers['idempotency-key'], seen[1]!.body]).toEqual(['k-1', '{"name":"lab"}']);
  });

  it('gives the checked answer, or the ApiError of a refusal, a failure without a problem, or no answer', async () => {
    await expect(requestJson(`${base}/greeting`, greeting)).resolves.toEqual({ hello: 'lab' });
    await expect(requestJson(`${base}/missing`, greeting)).rejects.toMatchObject({ status: 404, problem });
    await expect(requestJson(`${base}/broken`, greeting)).rejects.toMatchObject({
      status: 502,
      problem: null,
    });
    await expect(requestJson('http://127.0.0.1:9/greeting', greeting)).rejects.toMatchObject({
      status: 0,
      problem: null,
    });
  });

  it("is a page's resource: loaded in the browser, or read from the answer the server fetched", async () => {
    const resource = apiResource(`${base}/greeting`, greeting);
    expect(resource.url).toBe(`${base}/greeting`);
    await expect(resource.load()).resolves.toEqual({ hello: 'lab' });
    expect(resource.read({ status: 200, body: { hello: 'server' } })).toEqual({ hello: 'server' });
    expect(() => resource.read({ status: 404, body: problem })).toThrow(ApiError);
  });
});

describe('what a page says of a failed call', () => {
  it("is the service's detail, else its title, and the connection for anything else", () => {
    expect(failureWords(new ApiError(404, problem))).toBe('No product is called that.');
    expect(failureWords(new ApiError(422, { title: 'Not available', status: 422 }))).toBe('Not available');
    for (const error of [new ApiError(502, null), new TypeError('Failed to fetch'), 'x'])
      expect(failureWords(error)).toBe('Please check your connection and try again.');
  });
});
