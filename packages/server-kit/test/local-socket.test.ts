import { request } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import express from 'express';
import { listenOnLocalSocket, trustProxySetting } from '../src';

/** GET / over the Unix socket, with the headers given; the answer's body. */
function getOverSocket(socketPath: string, headers: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    request({ socketPath, path: '/', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve(body));
    })
      .on('error', reject)
      .end();
  });
}

describe('a service answering on a Unix socket', () => {
  let server: Server;
  let socketPath: string;

  beforeAll(async () => {
    // As a service behind the shell is set up by npm start: TRUST_PROXY=loopback.
    const app = express();
    app.set('trust proxy', trustProxySetting().parse('loopback'));
    app.get('/', (req, res) => {
      res.send(req.ip);
    });
    socketPath = path.join(mkdtempSync(path.join(tmpdir(), 'kit-sock-')), 'nested', 'catalog.sock');
    server = await listenOnLocalSocket(app, socketPath);
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('believes the client the shell forwards, as from a shell on loopback', async () => {
    expect(await getOverSocket(socketPath, { 'x-forwarded-for': '203.0.113.7' })).toBe('203.0.113.7');
    expect(await getOverSocket(socketPath, { 'x-forwarded-for': '198.51.100.23' })).toBe('198.51.100.23');
  });

  it('names a caller that forwards nothing as this machine, never as nobody', async () => {
    expect(await getOverSocket(socketPath)).toBe('127.0.0.1');
  });

  it('takes over a socket file left by a process that died', async () => {
    const again = await listenOnLocalSocket((_req, res) => res.end('second'), `${socketPath}.2`);
    const replaced = await listenOnLocalSocket((_req, res) => res.end('third'), `${socketPath}.2`);
    expect(await getOverSocket(`${socketPath}.2`)).toBe('third');
    again.close();
    replaced.close();
  });
});
