import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startBareServer } from '../processes/reference-server';
import { measureLoad } from './load';

/** A small JSON answer, as a service's read is. */
const BODY = JSON.stringify({ status: 'ok', reference: 'bare node:http' });

/**
 * How fast this machine is tonight: what a bare node:http server (a process of its own) answers per
 * second at 100 connections on loopback. The same two-core machine gives twice or half as much from
 * one night to the next; a figure measured beside this one can be compared with another night's only
 * through it.
 */
export async function bareReadsPerSecond(port: number): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), 'night-reference-'));
  const bodyFile = path.join(dir, 'body.json');
  writeFileSync(bodyFile, BODY);
  const server = await startBareServer(bodyFile, port);
  try {
    const figures = await measureLoad({
      url: `http://127.0.0.1:${port}/`,
      connections: 100,
      seconds: 4,
      warmupSeconds: 1,
    });
    return Math.round(figures.requestsPerSecond);
  } finally {
    server.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}
