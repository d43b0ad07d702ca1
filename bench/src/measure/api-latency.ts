import { createServer, type Server } from 'node:http';

export interface Latency {
  p50: number;
  p95: number;
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

/** Sequential requests on loopback: the time a shopper's browser waits for each answer. */
export async function apiLatency(url: string, samples: number): Promise<Latency> {
  const timings: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const started = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    timings.push(performance.now() - started);
  }
  return { p50: percentile(timings, 50), p95: percentile(timings, 95) };
}

/** The reference: a bare node:http server answering a fixed JSON body (no framework, no database). */
export async function serveBareJson(body: string, port: number): Promise<Server> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}
