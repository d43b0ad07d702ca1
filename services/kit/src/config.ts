import { z } from 'zod';
import { trustProxySetting } from './client-address';

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

/** Settings every service takes, before its own. */
export const baseConfigShape = {
  NODE_ENV: z.string().default('development'),
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
 * needs: the variable, and what to set it to.
 */
export interface ProductionRule<Config> {
  variable: string;
  unsafe(config: Config): boolean;
  fix: string;
}

export const serviceKeyRule: ProductionRule<{ SERVICE_KEY: string }> = {
  variable: 'SERVICE_KEY',
  unsafe: (config) => config.SERVICE_KEY === DEVELOPMENT_SERVICE_KEY,
  fix: 'set a random secret of at least 24 characters, the same for every service',
};

/** Under NODE_ENV=production, one message per rule broken; elsewhere none. */
export function productionProblems<Config extends { NODE_ENV: string }>(
  config: Config,
  rules: ReadonlyArray<ProductionRule<Config>>,
): string[] {
  if (config.NODE_ENV !== 'production') return [];
  return rules
    .filter((rule) => rule.unsafe(config))
    .map((rule) => `${rule.variable}: left at its development default; ${rule.fix}`);
}
