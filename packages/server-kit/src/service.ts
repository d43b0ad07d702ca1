import { createServer, type RequestListener, type Server } from 'node:http';
import path from 'node:path';
import type { Router } from 'express';
import type { z } from 'zod';
import { createServiceApp, type PublishedReads } from './app';
import {
  baseConfigShape,
  ConfigError,
  embeddedDatabaseRule,
  loadConfig,
  port,
  productionProblems,
  serviceKeyRule,
  type ProductionRule,
} from './config';
import { isUniqueViolation, type Database } from './database';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import { listenOnLocalSocket } from './local-socket';
import { createLogger, type Logger } from './logger';
import { ProcessMetrics, serveMetrics } from './metrics';
import { startTracing } from './tracing';
import { migrate } from './migrations';
import {
  connectRedis,
  limitNamespace,
  memoryLimits,
  postgresLimits,
  redisLimits,
  type LimitStore,
} from './rate-limit';
import { defaultDataDir } from './repo-root';
import { openHostedDatabase } from './embedded-host/client';
import { ServiceEndpoints } from './service-endpoints';
import { configuredEdgeControl, type EdgeControl } from './edge-control';
import { LISTEN_BACKLOG } from './topology';

type BaseShape = typeof baseConfigShape & { PORT: ReturnType<typeof port> };
type ServiceConfig<S extends z.ZodRawShape> = z.infer<z.ZodObject<BaseShape>> & z.infer<z.ZodObject<S>>;

export interface ServiceContext<Config> {
  config: Config;
  db: Database;
  logger: Logger;
  /** Where the service's rate-limit counters live (the same place for every instance). */
  limits: LimitStore;
  /** Where other services' releases answer now, when npm start swaps them (SERVICE_ENDPOINTS_FILE). */
  endpoints: ServiceEndpoints | null;
  /** The page cache edges in front of the shells, held while data pages are made from changes. */
  edge: EdgeControl;
}

/** What a started service is made of: its routes and, when it keeps reads in memory, those reads. */
export interface ServiceParts {
  routes: Router;
  published?: PublishedReads;
  /** Releases what the parts hold (snapshot timers, pools), once every request taken is answered. */
  stop?(): void;
}

export interface ServiceDefinition<S extends z.ZodRawShape> {
  name: string;
  version: string;
  defaultPort: number;
  /** The service's own settings, validated with the common ones at start. */
  configShape: S;
  migrationsDir: string;
  /** Development defaults of this service's own settings that production must not start with. */
  productionRules?: ReadonlyArray<ProductionRule<ServiceConfig<S>>>;
  /**
   * Settings that must hold together in every environment, each broken one in words (`VARIABLE: why`);
   * checked with the production rules, before anything is opened.
   */
  requirements?(config: ServiceConfig<S>): string[];
  /**
   * Runs after migrations at every start: prepares the service's data before it serves (a development
   * database's demo rows), and checks it. A ConfigError
   * thrown here refuses the start as a bad setting does (exit 78, the problem named).
   */
  seed?(context: ServiceContext<ServiceConfig<S>>): Promise<void>;
  start(context: ServiceContext<ServiceConfig<S>>): ServiceParts | Promise<ServiceParts>;
}

/**
 * A service's database. On PostgreSQL every service keeps its tables in a schema of its own (its name,
 * or DATABASE_SCHEMA), created on first start, so that several services may share one database
 * without ever seeing each other's tables; a URL that sets its own `options` (a search_path) is taken
 * as it is. Without a URL: the stack's embedded database host, in the same schema, when there is one
 * (npm start's); else embedded PGlite of its own in `<data folder>/<name>` (a service run alone).
 */
export async function openServiceDatabase(
  name: string,
  databaseUrl: string | undefined,
  {
    dataDir,
    schema = name.replace(/-/g, '_'),
    embeddedHost,
  }: { dataDir?: string; schema?: string; embeddedHost?: string } = {},
): Promise<Database> {
  if (!databaseUrl && embeddedHost) return openHostedDatabase(embeddedHost, schema);
  if (!databaseUrl) return openPglite(path.join(dataDir ?? defaultDataDir(), name));
  if (new URL(databaseUrl).searchParams.has('options'))
    return openPostgres({ connectionString: databaseUrl });
  const db = openPostgres({ connectionString: databaseUrl, options: `-c search_path=${schema}` });
  try {
    await db.exec(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  } catch (error) {
    // Two instances starting together both try; the one that loses finds the schema made.
    if (!isUniqueViolation(error)) {
      await db.close();
      throw error;
    }
  }
  return db;
}

/** The first message about each variable (`VARIABLE: why`): an operator fixes a setting once. */
function onePerVariable(problems: string[]): string[] {
  const named = new Set<string>();
  return problems.filter((problem) => {
    const variable = problem.slice(0, problem.indexOf(':'));
    if (named.has(variable)) return false;
    named.add(variable);
    return true;
  });
}

/**
 * A service's settings from the environment, checked: each bad value, each development default that
 * production refuses, and each broken requirement named once, in one ConfigError.
 */
export function readServiceConfig<S extends z.ZodRawShape>(
  definition: ServiceDefinition<S>,
  env: NodeJS.ProcessEnv = process.env,
): ServiceConfig<S> {
  const shape = { ...baseConfigShape, PORT: port(definition.defaultPort), ...definition.configShape };
  const config = loadConfig(definition.name, shape, env) as ServiceConfig<S>;
  const refused = onePerVariable([
    ...productionProblems<ServiceConfig<S>>(config, [
      serviceKeyRule,
      embeddedDatabaseRule,
      ...(definition.productionRules ?? []),
    ]),
    ...(definition.requirements?.(config) ?? []),
  ]);
  if (refused.length) throw new ConfigError(definition.name, refused);
  return config;
}

/**
 * Starts a service: configuration, database, migrations, HTTP, and a graceful stop on SIGTERM/SIGINT.
 * With `--migrate-only` on the command line it stops after the migrations (a deployment's migration job).
 */
export async function runService<S extends z.ZodRawShape>(definition: ServiceDefinition<S>): Promise<Server> {
  let config: ServiceConfig<S>;
  try {
    config = readServiceConfig(definition);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const logger = createLogger(definition.name, config.LOG_LEVEL);
  const db = await openServiceDatabase(definition.name, config.DATABASE_URL, {
    dataDir: config.STOREFRONT_DATA_DIR,
    schema: config.DATABASE_SCHEMA,
    embeddedHost: config.EMBEDDED_DATABASE_SOCKET,
  });
  const applied = await migrate(db, definition.migrationsDir);
  if (applied.length) logger.info({ applied }, 'migrations applied');
  if (process.argv.includes('--migrate-only')) {
    // A deployment's migration job: the schema brought up to date before any new instance starts.
    logger.info({ applied: applied.length }, `${definition.name} database is up to date`);
    await db.close();
    process.exit(0);
  }

  // Redis when the deployment has one; else the service's PostgreSQL; memory only when embedded.
  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL, logger) : null;
  const limits = redis
    ? redisLimits(redis, limitNamespace(definition.name, config.DATABASE_SCHEMA))
    : config.DATABASE_URL
      ? postgresLimits(db)
      : memoryLimits;
  const endpoints = config.SERVICE_ENDPOINTS_FILE
    ? new ServiceEndpoints(config.SERVICE_ENDPOINTS_FILE)
    : null;
  const edge = configuredEdgeControl(config, definition.name, logger);
  const context: ServiceContext<ServiceConfig<S>> = { config, db, logger, limits, endpoints, edge };
  let stopping = false;
  try {
    await definition.seed?.(context);
  } catch (error) {
    // The data refused as a setting is (production finding development rows): named, and exit 78.
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    await db.close();
    process.exit(78);
  }
  const parts = await definition.start(context);
  const metrics = new ProcessMetrics(`${definition.name}-service`);
  const release = config.STOREFRONT_RELEASE ?? definition.version;
  const tracing = startTracing({
    process: `${definition.name}-service`,
    module: definition.name,
    release,
    logger,
    otlpEndpoint: config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT,
    ratio: config.OTEL_TRACES_SAMPLER_ARG,
    trustProxy: config.TRUST_PROXY,
  });
  const app = createServiceApp({
    name: definition.name,
    version: config.STOREFRONT_SERVICE_VERSION ?? definition.version,
    release,
    metrics,
    tracing,
    db,
    logger,
    bodyLimit: config.BODY_LIMIT,
    routes: parts.routes,
    published: parts.published,
    trustProxy: config.TRUST_PROXY,
    serviceKey: config.SERVICE_KEY,
    stopping: () => stopping,
  });
  const answer: RequestListener = (req, res) => {
    // While stopping, every answer closes its connection: a client polling over keep-alive would
    // otherwise hold the server open until the grace period runs out.
    if (stopping) res.setHeader('Connection', 'close');
    app(req, res);
  };
  const server = createServer(answer);
  server.listen({ port: config.PORT, host: config.HOST, backlog: LISTEN_BACKLOG });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const socketServer = config.SOCKET_PATH ? await listenOnLocalSocket(answer, config.SOCKET_PATH) : null;
  const metricsServer = await serveMetrics(metrics, config.METRICS_PORT, config.HOST);
  logger.info(
    { port: config.PORT, socket: config.SOCKET_PATH, database: db.kind, limits: limits.kind },
    `${definition.name} service listening`,
  );

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), config.SHUTDOWN_GRACE_MS).unref();
    // Both listeners stop taking connections; each closes once what it took is answered.
    const closed = [server, socketServer].map(
      (listener) => new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve())),
    );
    server.closeIdleConnections();
    socketServer?.closeIdleConnections();
    metricsServer?.close();
    void Promise.all(closed).then(async () => {
      // Only now: what the parts hold (another service's connections, snapshot timers) may still be
      // needed by a request answered during the stop.
      parts.stop?.();
      await tracing.shutdown().catch(() => undefined);
      redis?.disconnect();
      await db.close().catch(() => undefined);
      clearTimeout(force);
      process.exit(0);
    });
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  return server;
}
