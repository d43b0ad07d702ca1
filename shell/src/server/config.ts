import { baseConfigShape, defaultDataDir, port, url } from '@storefront/service-kit';
import path from 'node:path';
import { z } from 'zod';

/** The services the shell proxies under /api/<module>/, each at a base URL from configuration. */
export const SERVICE_MODULES = ['catalog', 'product', 'checkout', 'account', 'content'] as const;
export type ServiceModule = (typeof SERVICE_MODULES)[number];

const DEFAULT_SERVICE_PORTS: Record<ServiceModule, number> = {
  catalog: 4001,
  product: 4002,
  checkout: 4003,
  account: 4004,
  content: 4005,
};

const serviceUrlShape = Object.fromEntries(
  SERVICE_MODULES.map((name) => [
    `${name.toUpperCase()}_SERVICE_URL`,
    url().default(`http://127.0.0.1:${DEFAULT_SERVICE_PORTS[name]}`),
  ]),
) as Record<`${Uppercase<ServiceModule>}_SERVICE_URL`, z.ZodDefault<ReturnType<typeof url>>>;

export const shellConfigShape = {
  HOST: baseConfigShape.HOST,
  LOG_LEVEL: baseConfigShape.LOG_LEVEL,
  TRUST_PROXY: baseConfigShape.TRUST_PROXY,
  PORT: port(3000),
  SHELL_DIST: z.string().default(path.join(__dirname, '../../dist')),
  ARTIFACT_DIR: z.string().default(path.join(defaultDataDir(), 'artifacts')),
  PROXY_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /**
   * How long a page may wait for its data and modules on the server before the browser takes over what
   * is missing: past it, the page is sent with those regions loading, never later.
   */
  RENDER_BUDGET_MS: z.coerce.number().int().positive().default(1_500),
  /** The public origin of the site, for canonical URLs, link previews and the sitemap. */
  SITE_URL: url()
    .default('http://localhost:3000')
    .transform((value) => value.replace(/\/+$/, '')),
  SHOP_NAME: z.string().min(1).default('Helix Research'),
  CONTACT_EMAIL: z.email({ message: 'must be an email address' }).default('support@helix-research.example'),
  CONTACT_PHONE: z.string().min(1).default('+1 (480) 555-0142'),
  /** Supabase project URL; empty means the account service behind this shell at /api/account. */
  SUPABASE_URL: z.preprocess((v) => (v === '' ? undefined : v), url().optional()),
  SUPABASE_ANON_KEY: z.string().default('storefront-local-anon-key'),
  ...serviceUrlShape,
};

export type ShellConfig = z.infer<z.ZodObject<typeof shellConfigShape>>;

export function serviceUrl(config: ShellConfig, module: ServiceModule): string {
  return config[`${module.toUpperCase() as Uppercase<ServiceModule>}_SERVICE_URL`];
}
