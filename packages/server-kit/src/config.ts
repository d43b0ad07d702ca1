import { BlockList, isIP } from 'node:net';
import { z } from 'zod';
import { trustProxySetting } from './client-address';
import { edgeControlUrls } from './edge-control';

export class ConfigError extends Error {
  constructor(
    readonly service: string,
    readonly problems: string[],
  ) {
    super(`${service}: invalid configuration\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export const port = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback);
export const url = () => z.url({ message: 'must be a URL such as http://127.0.0.1:4005' });

/** The shop's name as its pages and documents print it (SHOP_NAME), one default for every part. */
export const shopName = () => z.string().min(1).default('Helix Research');
export const optionalUrl = () => z.preprocess((v) => (v === '' ? undefined : v), url().optional());

/** A Unix socket's path, or nothing (unset or empty); short enough for every platform's sun_path. */
export const optionalSocketPath = () =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().max(100, 'must be at most 100 characters (a Unix socket path)').optional(),
  );

/**
 * The service key every process of a development run shares. Anyone can read it here, so production
 * refuses to start with it (see `productionProblems`).
 */
export const DEVELOPMENT_SERVICE_KEY = 'development-service-key-not-for-production';

/** What NODE_ENV may say: production keeps every production rule; the others are for this machine. */
export const RUN_MODES = ['development', 'test', 'production'] as const;

/** Settings every service takes, before its own. */
export const baseConfigShape = {
  // Matched without regard to case or spaces ('Production'), and nothing else: an unknown value
  // ('prod', 'staging', 'production;', one with a zero-width space) would skip every production rule.
  NODE_ENV: z
    .string()
    .default('development')
    .transform((value) => value.trim().toLowerCase())
    .pipe(z.enum(RUN_MODES, { message: `must be one of ${RUN_MODES.join(', ')}` })),
  HOST: z.string().default('127.0.0.1'),
  TRUST_PROXY: trustProxySetting(),
  /** Presented by one service to another's /internal routes. */
  SERVICE_KEY: z.string().min(24, 'must be at least 24 characters').default(DEVELOPMENT_SERVICE_KEY),
  DATABASE_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection URL')
      .optional(),
  ),
  /** The PostgreSQL schema of the service's tables (default: the service's name). */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case SQL name such as e2e_catalog')
    .optional(),
  STOREFRONT_DATA_DIR: z.string().optional(),
  /**
   * Without DATABASE_URL: the stack's embedded database host (npm start runs one, see
   * embedded-host/server.ts), shared by every service in a schema each. Unset: PGlite in this process.
   */
  EMBEDDED_DATABASE_SOCKET: optionalSocketPath(),
  /** Where rate-limit counters live when set: shared by every instance (see rate-limit.ts). */
  REDIS_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT: z
    .string()
    .regex(/^\d+(b|kb|mb)$/, 'must look like 16kb')
    .default('16kb'),
  /**
   * A Unix socket the service answers on besides its port, for a shell on the same machine: the same
   * app, without loopback TCP's cost on every proxied request (a fifth of a crowd's throughput through
   * the shell, `npm run bench`). Its peer is a process of this machine, believed as a loopback one.
   */
  SOCKET_PATH: optionalSocketPath(),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * How long a call to another service, or a use case, that is safe to repeat waits while that
   * service or the database restarts (holdThroughOutage), before it counts as unreachable. 0: at once.
   */
  SERVICE_OUTAGE_HOLD_MS: z.coerce.number().int().min(0).default(5_000),
  /**
   * Where `npm start` keeps the endpoints of each module's service release while it swaps them, for
   * calls to other services to follow. Unset: each service at its configured URL.
   */
  SERVICE_ENDPOINTS_FILE: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /** Where Prometheus scrapes `/metrics` (a port of its own, never the shoppers'); 0: not served. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** The module release this process runs (npm start and the deploy set it); labels its metrics. */
  STOREFRONT_RELEASE: z.string().optional(),
  /** Its service build's version, as `/internal/status` reports it. */
  STOREFRONT_SERVICE_VERSION: z.string().optional(),
  /** An OTLP/HTTP collector for traces (`…/v1/traces`); unset: spans are written to the log. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
  /**
   * The page cache edges in front of the shells (their control address), told before this process
   * shows new data (edge-control.ts); empty: none.
   */
  EDGE_CONTROL_URLS: z
    .string()
    .default('')
    .refine(
      (setting) => edgeControlUrls(setting).every((url) => /^https?:\/\/[^/]+\/?$/.test(url)),
      'must be http:// addresses (scheme, host and port), separated by spaces or commas',
    ),
  /** The share of requests no caller traces that start a trace of their own (0 to 1). */
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(0.01),
};

/** Reads the environment through a schema; every bad variable is named with what is wrong with it. */
export function loadConfig<S extends z.ZodRawShape>(
  service: string,
  shape: S,
  env: NodeJS.ProcessEnv = process.env,
) {
  const result = z.object(shape).safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      service,
      result.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`),
    );
  }
  return result.data;
}

/**
 * A setting left at a development default that must not reach production, in the words an operator
 * needs: the variable, what is wrong with it (by default: left at its development default), and what
 * to set it to.
 */
export interface ProductionRule<Config> {
  variable: string;
  unsafe(config: Config): boolean;
  /** What is wrong, when it is not being left at the development default. */
  problem?: string | ((config: Config) => string);
  fix: string;
}

/**
 * What is wrong with a production secret, if anything: shorter than `minBytes` (in UTF-8), or one
 * character repeated, which a guesser tries first whatever its length.
 */
export function weakSecretProblem(secret: string, minBytes: number): string | undefined {
  if (Buffer.byteLength(secret) < minBytes) return `shorter than ${minBytes} bytes`;
  if (/^(.)\1*$/su.test(secret)) return 'one character repeated';
  return undefined;
}

/**
 * A secret production needs strong: not left at its development default (anyone can read that in the
 * source), at least `minBytes` long, not one character repeated.
 */
export function secretRule<Variable extends string>(
  variable: Variable,
  options: { developmentDefault?: string; minBytes: number; fix: string },
): ProductionRule<Partial<Record<Variable, string>>> {
  const problemOf = (secret: string | undefined) =>
    secret === undefined
      ? undefined
      : secret === options.developmentDefault
        ? 'left at its development default, which anyone can read in the source'
        : weakSecretProblem(secret, options.minBytes);
  return {
    variable,
    unsafe: (config) => problemOf(config[variable]) !== undefined,
    problem: (config) => problemOf(config[variable])!,
    fix: options.fix,
  };
}

export const serviceKeyRule = secretRule('SERVICE_KEY', {
  developmentDefault: DEVELOPMENT_SERVICE_KEY,
  minBytes: 32,
  fix: 'set a random secret of at least 32 bytes, the same for every service',
});

/** The embedded database is one process's, on one machine: production keeps its data in PostgreSQL. */
export const embeddedDatabaseRule: ProductionRule<{ DATABASE_URL?: string }> = {
  variable: 'DATABASE_URL',
  unsafe: (config) => !config.DATABASE_URL,
  problem: 'not set, so the embedded development database (PGlite) would be used',
  fix: 'set the postgres:// URL of its database',
};

/** This machine's own addresses, however spelled: 127.0.0.0/8, ::1, unspecified, and IPv4 mapped in IPv6. */
const THIS_MACHINE = new BlockList();
THIS_MACHINE.addSubnet('127.0.0.0', 8, 'ipv4');
THIS_MACHINE.addAddress('0.0.0.0', 'ipv4');
THIS_MACHINE.addAddress('::1', 'ipv6');
THIS_MACHINE.addAddress('::', 'ipv6');
THIS_MACHINE.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');
THIS_MACHINE.addAddress('::ffff:0.0.0.0', 'ipv6');

/**
 * Whether a URL names this machine rather than an address anyone else can reach: a name under
 * localhost (with or without the root's trailing dot), or an address of this machine as the URL parser
 * spells it (decimal and hexadecimal IPv4 become dotted; IPv6 is bracketed).
 */
export function isLocalAddress(address: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(address).hostname.toLowerCase().replace(/\.+$/, '');
  } catch {
    return false;
  }
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true;
  const ip = hostname.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(ip);
  return family !== 0 && THIS_MACHINE.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Public services that answer any name under them with the address the name spells
 * (`127.0.0.1.nip.io` is 127.0.0.1): a site under one is whatever address its name says, anyone's.
 */
const WILDCARD_DNS = ['nip.io', 'sslip.io', 'xip.io', 'traefik.me', 'localtest.me', 'lvh.me', 'vcap.me'];

/** What is wrong with the public address of a production site, if anything. */
export function publicAddressProblem(address: string): string | undefined {
  if (isLocalAddress(address)) return 'points at this machine (localhost)';
  const url = new URL(address);
  if (url.protocol !== 'https:') return 'is not an https:// address';
  if (url.username || url.password) return 'carries a user name or password, which every link would show';
  if (url.port === '0') return 'names port 0, where nothing can be reached';
  const hostname = url.hostname.toLowerCase().replace(/\.+$/, '');
  if (isIP(hostname.replace(/^\[(.*)\]$/, '$1')))
    return 'is an IP address, not a name a certificate and cookies can belong to';
  if (WILDCARD_DNS.some((domain) => hostname === domain || hostname.endsWith(`.${domain}`)))
    return 'is under a wildcard DNS service, whose names point wherever they spell';
  return undefined;
}

/**
 * A public address (the site's, or one a payment provider calls) that must be reachable and the shop's
 * own in production: not this machine's (canonical links, payment redirects and confirmation emails
 * would point there), https:// (cookies are marked Secure only for an https site, and card payments come
 * back to it), without credentials, on a real port, under a name of the shop's rather than an IP literal
 * or a wildcard DNS name.
 */
export const publicAddressRule = <Variable extends string>(
  variable: Variable,
): ProductionRule<Partial<Record<Variable, string>>> => ({
  variable,
  unsafe: (config) => config[variable] !== undefined && publicAddressProblem(config[variable]) !== undefined,
  problem: (config) => publicAddressProblem(config[variable]!)!,
  fix: 'set the public https:// address shoppers and providers reach',
});

/** Under NODE_ENV=production, one message per rule broken; elsewhere none. */
export function productionProblems<Config extends { NODE_ENV: string }>(
  config: Config,
  rules: ReadonlyArray<ProductionRule<Config>>,
): string[] {
  if (config.NODE_ENV !== 'production') return [];
  return rules
    .filter((rule) => rule.unsafe(config))
    .map((rule) => {
      const problem = typeof rule.problem === 'function' ? rule.problem(config) : rule.problem;
      return `${rule.variable}: ${problem ?? 'left at its development default'}; ${rule.fix}`;
    });
}
