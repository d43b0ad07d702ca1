import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { squareFetch } from '../src/payments/square-fetch';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A server that records what it was sent and answers as `answer` says. */
async function recordingServer(answer: (req: IncomingMessage, res: ServerResponse) => void) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      answer(req, res);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () => {
    server.closeAllConnections(); // a call left unanswered must not hold the server open
    return new Promise((resolve) => server.close(resolve));
  };
  return { url, received, close };
}

describe("the Square SDK's fetch", () => {
  const fetchForSquare = squareFetch();

  it('sends the method, headers and JSON text as given, and answers status, headers and body', async () => {
    const server = await recordingServer((_req, res) => {
      res.setHeader('set-cookie', ['a=1', 'b=2']);
      res.writeHead(400, { 'content-type': 'application/json', 'square-version': '2026-09-16' });
      res.end('{"errors":[{"code":"BAD_REQUEST"}]}');
    });
    try {
      const answer = await fetchForSquare(`${server.url}/v2/online-checkout/payment-links?x=1`, {
        method: 'POST',
        headers: { authorization: 'Bearer token', 'content-type': 'application/json' },
        body: '{"idempotency_key":"k"}',
      });
      expect(server.received).toEqual([
        expect.objectContaining({
          method: 'POST',
          url: '/v2/online-checkout/payment-links?x=1',
          headers: expect.objectContaining({
            authorization: 'Bearer token',
            'content-type': 'application/json',
          }),
          body: '{"idempotency_key":"k"}',
        }),
      ]);
      expect([answer.status, answer.ok, answer.headers.get('square-version')]).toEqual([
        400,
        false,
        '2026-09-16',
      ]);
      expect(answer.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
      expect(await answer.json()).toEqual({ errors: [{ code: 'BAD_REQUEST' }] });
    } finally {
      await server.close();
    }
  });

  it('takes headers in any of the forms fetch takes, and answers a 204 with no body', async () => {
    const server = await recordingServer((_req, res) => {
      res.writeHead(204).end();
    });
    try {
      for (const headers of [new Headers({ 'x-one': '1' }), [['x-one', '1']] as Array<[string, string]>]) {
        const answer = await fetchForSquare(`${server.url}/`, { method: 'DELETE', headers });
        expect([answer.status, answer.body]).toEqual([204, null]);
      }
      expect(server.received.map((r) => [r.method, r.headers['x-one']])).toEqual([
        ['DELETE', '1'],
        ['DELETE', '1'],
      ]);
    } finally {
      await server.close();
    }
  });

  it('gives up when its signal is aborted (the timeout), as fetch does', async () => {
    const server = await recordingServer(() => undefined); // never answers
    try {
      const call = fetchForSquare(`${server.url}/slow`, { method: 'GET', signal: AbortSignal.timeout(100) });
      await expect(call).rejects.toMatchObject({ name: expect.stringMatching(/AbortError|TimeoutError/) });
    } finally {
      await server.close();
    }
  });

  it('hands a body that is not text (a file upload) to fetch', async () => {
    const server = await recordingServer((_req, res) => {
      res.end('ok');
    });
    try {
      const form = new FormData();
      form.set('file', new Blob(['contents']), 'a.txt');
      const answer = await fetchForSquare(`${server.url}/upload`, { method: 'POST', body: form });
      expect(await answer.text()).toBe('ok');
      expect(server.received[0]!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(server.received[0]!.body).toContain('contents');
    } finally {
      await server.close();
    }
  });
});
