import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');

/** Where the release stack's processes send their traces (OTLP/HTTP, JSON). */
export const TRACE_COLLECTOR_PORT = 4399;

/** The release suite's stack: its ports (shifted by 250), data folder and PostgreSQL schemas. */
export const RELEASE_STACK = {
  offset: 250,
  baseURL: 'http://127.0.0.1:3250',
  dataDir: path.join(ROOT, '.data/e2e-releases'),
  /** The secret the stack's parts share (the shell signs canary buckets with it): a test's own. */
  serviceKey: 'release-suite-service-key-0123456789',
  /** What npm start and the deploy commands are given: the same stack, its registry in PostgreSQL. */
  env: (databaseUrl: string): Record<string, string> => ({
    STOREFRONT_PORT_OFFSET: '250',
    STOREFRONT_DATA_DIR: path.join(ROOT, '.data/e2e-releases'),
    STOREFRONT_SCHEMA_PREFIX: 'rel_',
    DATABASE_URL: databaseUrl,
    SITE_URL: 'http://127.0.0.1:3250',
    SERVICE_KEY: 'release-suite-service-key-0123456789',
    // The suite stands where a balancer would, on loopback: believed about the client and its trace.
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: 'warn',
    // Fifty shoppers from one address: the limits themselves are proven by the other suites.
    ORDER_LIMIT_PER_CLIENT: '1000000',
    CART_QUOTE_LIMIT_PER_CLIENT: '1000000',
    NEW_CART_LIMIT_PER_CLIENT: '1000000',
    AFFILIATE_LOOKUP_LIMIT: '1000000',
    // Traces go to the collector a test listens with (support/trace-collector.ts), when one listens.
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `http://127.0.0.1:${TRACE_COLLECTOR_PORT}/v1/traces`,
  }),
};

interface PackageScripts {
  scripts: Record<string, string>;
}

export interface CommandResult {
  code: number;
  output: string;
  /** When each line was printed, ms after the start. */
  lines: Array<{ at: number; text: string }>;
}

/** One of the repository's commands (`npm run deploy -- …`) against this stack, with what it printed. */
export function runCommand(script: string, args: string[]): Promise<CommandResult> {
  const started = Date.now();
  // What `npm run <script>` runs, without npm's own start-up: `node …` from the root package.json.
  const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as PackageScripts)
    .scripts;
  const [node, ...command] = scripts[script]!.split(' ');
  if (node !== 'node') throw new Error(`npm run ${script} does not start with node: ${scripts[script]}`);
  const child = spawn(process.execPath, [...command, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...RELEASE_STACK.env(process.env.TEST_DATABASE_URL!) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: CommandResult['lines'] = [];
  const collect = (chunk: Buffer) => {
    for (const text of chunk.toString().split('\n').filter(Boolean))
      lines.push({ at: Date.now() - started, text });
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  return new Promise((resolve) =>
    child.on('exit', (code) =>
      resolve({ code: code ?? 1, output: lines.map((l) => l.text).join('\n'), lines }),
    ),
  );
}
