import {
  baseConfigShape,
  DEFAULT_PORTS,
  DEFAULT_SITE_URL,
  defaultDataDir,
  localUrl,
  optionalSocketPath,
  packageRootOf,
  port,
  serviceSocketVariable,
  serviceUrlVariable,
  url,
} from '@storefront/service-kit';
import path from 'node:path';
import { bucketConfigShape } from '@storefront/artifact-store';
import { z } from 'zod';

/** The services the shell proxies under /api/<module>/, each at a base URL from configuration. */
export const SERVICE_MODULES = ['catalog', 'product', 'checkout', 'account', 'content'] as const;
export type ServiceModule = (typeof SERVICE_MODULES)[number];

const serviceUrlShape = Object.fromEntries(
  SERVICE_MODULES.map((name) => [serviceUrlVariable(name), url().default(localUrl(name))]),
) as Record<`${Uppercase<ServiceModule>}_SERVICE_URL`, z.ZodDefault<ReturnType<typeof url>>>;

/**
 * A Unix socket per service on this machine, optional: the gateway then reaches the service through it
 * rather than over TCP (the service's SOCKET_PATH). Page renders keep to the URL.
 */
const serviceSocketShape = Object.fromEntries(
  SERVICE_MODULES.map((name) => [serviceSocketVariable(name), optionalSocketPath()]),
) as Record<`${Uppercase<ServiceModule>}_SERVICE_SOCKET`, ReturnType<typeof optionalSocketPath>>;

export const shellConfigShape = {
  HOST: baseConfigShape.HOST,
  LOG_LEVEL: baseConfigShape.LOG_LEVEL,
  TRUST_PROXY: baseConfigShape.TRUST_PROXY,
  /** With a URL the registry of live versions is read from PostgreSQL (shared by every shell and deploy). */
  DATABASE_URL: baseConfigShape.DATABASE_URL,
  /** The registry's schema there. */
  DATABASE_SCHEMA: baseConfigShape.DATABASE_SCHEMA.default('registry'),
  ...bucketConfigShape,
  PORT: port(DEFAULT_PORTS.shell),
  SHELL_DIST: z.string().default(path.join(packageRootOf(__dirname), 'dist')),
  ARTIFACT_DIR: z.string().default(path.join(defaultDataDir(), 'artifacts')),
  PROXY_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /**
   * How long a page may wait for its data and modules on the server before the browser takes over what
   * is missing: past it, the page is sent with those regions loading, never later.
   */
  RENDER_BUDGET_MS: z.coerce.number().int().positive().default(1_500),
  /** The public origin of the site, for canonical URLs, link previews and the sitemap. */
  SITE_URL: url()
    .default(DEFAULT_SITE_URL)
    .transform((value) => value.replace(/\/+$/, '')),
  SHOP_NAME: z.string().min(1).default('Helix Research'),
  CONTACT_EMAIL: z.email({ message: 'must be an email address' }).default('support@helix-research.example'),
  CONTACT_PHONE: z.string().min(1).default('+1 (480) 555-0142'),
  /** Supabase project URL; empty means the account service behind this shell at /api/account. */
  SUPABASE_URL: z.preprocess((v) => (v === '' ? undefined : v), url().optional()),
  SUPABASE_ANON_KEY: z.string().default('storefront-local-anon-key'),
  /**
   * Whether a browser may load one module from a developer's dev server on this machine (the
   * one-module loop, src/server/dev-overrides.ts). `npm start` turns it on; deployments leave it off.
   */
  DEV_MODULE_OVERRIDES: z.enum(['on', 'off']).default('off'),
  ...serviceUrlShape,
  ...serviceSocketShape,
};

export type ShellConfig = z.infer<z.ZodObject<typeof shellConfigShape>>;

/** The Unix socket the gateway reaches `module` through, when it runs on this machine. */
export function serviceSocket(config: ShellConfig, module: ServiceModule): string | undefined {
  return config[serviceSocketVariable(module) as `${Uppercase<ServiceModule>}_SERVICE_SOCKET`];
}

export function serviceUrl(config: ShellConfig, module: ServiceModule): string {
  return config[serviceUrlVariable(module) as `${Uppercase<ServiceModule>}_SERVICE_URL`];
}
