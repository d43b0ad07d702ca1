import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/**
 * Whether the scale-out suite can run here: it needs PostgreSQL and Redis (TEST_DATABASE_URL and
 * TEST_REDIS_URL; CI sets both).
 */
export const SCALE_SUITE_RUNS = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

/** The scale-out suite's stack: its ports (shifted by 200), data folder and PostgreSQL schemas. */
export const SCALE_STACK = {
  offset: 200,
  baseURL: 'http://127.0.0.1:3200',
  dataDir: '.data/e2e-scale',
  schemaPrefix: 'e2e_',
};

interface Instance {
  label: string;
  port: number;
  url: string;
}

interface Endpoint {
  part: string;
  url: string;
  instances: Instance[];
}

/** Where `npm start` says each part and each of its instances listens (run/topology.json). */
export function topology(): { shell: Endpoint; services: Endpoint[] } {
  return JSON.parse(readFileSync(path.join(ROOT, SCALE_STACK.dataDir, 'run/topology.json'), 'utf8'));
}

export function instancesOf(part: string): Instance[] {
  const { shell, services } = topology();
  return (part === 'shell' ? shell : services.find((endpoint) => endpoint.part === part)!).instances;
}

/** The pid `npm start` recorded for an instance (`checkout-2`, …). */
export function pidOf(label: string): number {
  return Number(readFileSync(path.join(ROOT, SCALE_STACK.dataDir, 'run', `${label}.pid`), 'utf8'));
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json<T>(): T;
}

/**
 * One request from a loopback address of the test's choosing (127.0.0.x). Every address of
 * 127.0.0.0/8 is this machine, and the stack believes loopback proxies: so each test is a client of
 * its own, with limits of its own, as separate shoppers are.
 */
export function callFrom(
  source: string,
  url: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const call = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method,
        localAddress: source,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            body: text,
            json: <T>() => JSON.parse(text) as T,
          });
        });
        res.on('error', reject);
      },
    );
    call.on('error', reject);
    call.end(payload);
  });
}
