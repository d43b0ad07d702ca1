import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTracing, traceOutgoing, trustProxySetting, type Tracing } from '../src';
import { silentLogger } from '../src/testing';

/** A process answering with the trace its calls would carry on, as a service calling another does. */
async function tracedProcess(trustProxy: string): Promise<{ url: string; stop(): Promise<void> }> {
  const tracing: Tracing = startTracing({
    process: 'test',
    module: 'test',
    release: 'test',
    logger: silentLogger(),
    ratio: 0,
    trustProxy: trustProxySetting().parse(trustProxy),
  });
  const server: Server = createServer((req, res) =>
    tracing.serve(
      req,
      res,
      () => 'GET /',
      () => res.end(traceOutgoing('GET /next')?.headers.traceparent ?? 'untraced'),
    ),
  ).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    async stop() {
      server.close();
      await tracing.shutdown();
    },
  };
}

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const sampled = { traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-01` };

describe('trace context from callers', () => {
  it('is continued from a trusted proxy (the balancer, the shell in front of a service)', async () => {
    const process = await tracedProcess('loopback');
    try {
      const carried = await (await fetch(process.url, { headers: sampled })).text();
      expect(carried).toMatch(new RegExp(`^00-${TRACE_ID}-[\\da-f]{16}-01$`));
    } finally {
      await process.stop();
    }
  });

  it('is ignored from anyone else: a client cannot choose to be traced, nor its trace id', async () => {
    const process = await tracedProcess('');
    try {
      expect(await (await fetch(process.url, { headers: sampled })).text()).toBe('untraced');
    } finally {
      await process.stop();
    }
  });
});
