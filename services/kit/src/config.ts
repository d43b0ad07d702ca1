import { z } from 'zod';

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

/** Settings every service takes, before its own. */
export const baseConfigShape = {
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection URL')
      .optional(),
  ),
  STOREFRONT_DATA_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT: z
    .string()
    .regex(/^\d+(b|kb|mb)$/, 'must look like 16kb')
    .default('16kb'),
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
