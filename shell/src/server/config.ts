import {
  baseConfigShape,
  ConfigError,
  DEFAULT_PORTS,
  embeddedDatabaseRule,
  loadConfig,
  productionProblems,
  publicAddressRule,
  serviceKeyRule,
  type ProductionRule,
  DEFAULT_SITE_URL,
  defaultDataDir,
  optionalSocketPath,
  packageRootOf,
  port,
  shopName,
  url,
} from '@storefront/server-kit';
import path from 'node:path';
import { bucketConfigShape } from '@storefront/artifact-store';
import { z } from 'zod';

const shellConfigShape = {
  NODE_ENV: baseConfigShape.NODE_ENV,
  HOST: baseConfigShape.HOST,
  LOG_LEVEL: baseConfigShape.LOG_LEVEL,
  TRUST_PROXY: baseConfigShape.TRUST_PROXY,
  /** The secret every part shares: the shell signs shoppers' canary buckets with it. */
  SERVICE_KEY: baseConfigShape.SERVICE_KEY,
  /** With one, counters (browser error reports) are shared by every shell, as the services' limits are. */
  REDIS_URL: baseConfigShape.REDIS_URL,
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
   * How long the API gateway holds a request that is safe to send again (a GET, a keyed order) while
   * its service cannot be reached, as while it restarts; past it, 503 with Retry-After. 0: at once.
   */
  SERVICE_OUTAGE_HOLD_MS: z.coerce.number().int().min(0).default(5_000),
  /**
   * The largest request body the API gateway passes to a service (each service has a limit of its own,
   * BODY_LIMIT, 16kb by default): larger ones are answered 413 at the gateway, before they reach one.
   */
  API_BODY_LIMIT: z
    .string()
    .regex(/^\d+(kb|mb)$/, 'must look like 64kb')
    .default('64kb')
    .transform((limit) => Number.parseInt(limit, 10) * (limit.endsWith('mb') ? 1024 ** 2 : 1024)),
  /**
   * How long a page may wait for its data and modules on the server before the browser takes over what
   * is missing: past it, the page is sent with those regions loading, never later.
   */
  RENDER_BUDGET_MS: z.coerce.number().int().positive().default(1_500),
  /**
   * Anonymous pages the shell keeps (page-cache.ts), each served again only while the data it was made
   * from is current; 0 renders every request.
   */
  PAGE_CACHE_ENTRIES: z.coerce.number().int().min(0).default(200),
  /**
   * The wait a request may have once the shell is overloaded: past it, it is refused straight away with
   * 503 and Retry-After (load-shedding.ts, CoDel's target). 0 takes every request.
   */
  SHED_TARGET_MS: z.coerce.number().int().min(0).default(100),
  /** How long waits must stand above the target before the shell counts as overloaded (CoDel's interval). */
  SHED_INTERVAL_MS: z.coerce.number().int().positive().default(1_000),
  /** Requests being answered at once below which nothing is refused: a few shoppers are no crowd. */
  SHED_MIN_IN_FLIGHT: z.coerce.number().int().min(0).default(128),
  /** The public origin of the site, for canonical URLs, link previews and the sitemap. */
  SITE_URL: url()
    .default(DEFAULT_SITE_URL)
    .transform((value) => value.replace(/\/+$/, '')),
  /**
   * Where a checkout form sent without scripts may be redirected to pay (the page's form-action):
   * Square's hosted payment pages, and, on a development stack, the payment sandbox (npm start adds it).
   */
  PAYMENT_PAGE_ORIGINS: z
    .string()
    .default(
      'https://square.link https://sandbox.square.link https://checkout.square.site https://sandbox.checkout.square.site',
    )
    .transform((value) => value.split(/[\s,]+/).filter(Boolean)),
  SHOP_NAME: shopName(),
  CONTACT_EMAIL: z.email({ message: 'must be an email address' }).default('support@helix-research.example'),
  CONTACT_PHONE: z.string().min(1).default('+1 (480) 555-0142'),
  /** Supabase project URL; empty means the account service behind this shell at /api/account. */
  SUPABASE_URL: z.preprocess((v) => (v === '' ? undefined : v), url().optional()),
  SUPABASE_ANON_KEY: z.string().default('storefront-local-anon-key'),
  /**
   * Where `npm run dev -- <module>` writes its session while it runs (the one-module loop,
   * src/server/dev-overrides.ts). `npm start` sets it; unset, no browser can load a module from
   * elsewhere; production refuses it.
   */
  DEV_SESSION_FILE: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /** The shell's development build, which `npm run dev` makes and the loop's pages load. */
  DEV_SHELL_DIST: z.string().default(path.join(packageRootOf(__dirname), 'dist-dev')),
  /**
   * Where a module's service is found when no `<MODULE>_SERVICE_URL` names it: `{module}` stands for the
   * module's name (Kubernetes: `http://{module}-service`). Unset: the kit's development ports.
   */
  SERVICE_URL_TEMPLATE: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().includes('{module}', { message: 'must contain {module}' }).optional(),
  ),
  /**
   * Where `npm start` keeps the endpoints of each module's live (and canary) service release while it
   * swaps them: followed as it changes. Unset: each service at its address above.
   */
  SERVICE_ENDPOINTS_FILE: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /** Where Prometheus scrapes `/metrics` (a port of its own, never the shoppers'); 0: not served. */
  METRICS_PORT: baseConfigShape.METRICS_PORT,
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: baseConfigShape.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT,
  OTEL_TRACES_SAMPLER_ARG: baseConfigShape.OTEL_TRACES_SAMPLER_ARG,
  EDGE_CONTROL_URLS: baseConfigShape.EDGE_CONTROL_URLS,
};

/** Where one module's service was configured: an address, and a Unix socket on this machine. */
export interface ServiceAddress {
  url?: string;
  socket?: string;
}

export type ShellConfig = z.infer<z.ZodObject<typeof shellConfigShape>> & {
  /**
   * Each `<MODULE>_SERVICE_URL` and `<MODULE>_SERVICE_SOCKET` in the environment, by module: the shell
   * names no module, so a module added later is reached by setting its variables, not by a shell release.
   */
  SERVICE_ADDRESSES: Record<string, ServiceAddress>;
};

const SERVICE_VARIABLE = /^([A-Z][A-Z0-9_]*)_SERVICE_(URL|SOCKET)$/;
const serviceAddressShape = { URL: url(), SOCKET: optionalSocketPath() };

/** Every service address the environment names, each checked as its variable's kind. */
function serviceAddressesOf(env: NodeJS.ProcessEnv): Record<string, ServiceAddress> {
  const addresses: Record<string, ServiceAddress> = {};
  const problems: string[] = [];
  for (const [variable, value] of Object.entries(env)) {
    const [, name, kind] = SERVICE_VARIABLE.exec(variable) ?? [];
    if (!name || value === undefined) continue;
    const parsed = serviceAddressShape[kind as 'URL' | 'SOCKET'].safeParse(value);
    if (!parsed.success) {
      problems.push(...parsed.error.issues.map((issue) => `${variable}: ${issue.message}`));
      continue;
    }
    if (parsed.data === undefined) continue;
    const module = name.toLowerCase().replace(/_/g, '-');
    addresses[module] = { ...addresses[module], [kind === 'URL' ? 'url' : 'socket']: parsed.data };
  }
  if (problems.length) throw new ConfigError('shell', problems);
  return addresses;
}

/** What production must not start with: the shell's share of the development defaults. */
const shellProductionRules: ProductionRule<ShellConfig>[] = [
  {
    ...embeddedDatabaseRule,
    problem: 'not set, so the registry of live versions would be a file only this shell sees',
  },
  publicAddressRule('SITE_URL'),
  serviceKeyRule,
  {
    variable: 'DEV_SESSION_FILE',
    unsafe: (config) => config.DEV_SESSION_FILE !== undefined,
    problem: 'set, which lets a developer load a module from a dev server',
    fix: 'leave it unset: the one-module loop is for development',
  },
];

/** The shell's settings as the environment spells them, each checked, none judged for production. */
export function readShellSettings(env: NodeJS.ProcessEnv): ShellConfig {
  return { ...loadConfig('shell', shellConfigShape, env), SERVICE_ADDRESSES: serviceAddressesOf(env) };
}

/** The shell's settings from the environment, refusing what production must not run with. */
export function readShellConfig(env: NodeJS.ProcessEnv = process.env): ShellConfig {
  const config = readShellSettings(env);
  const refused = productionProblems(config, shellProductionRules);
  if (refused.length) throw new ConfigError('shell', refused);
  return config;
}
