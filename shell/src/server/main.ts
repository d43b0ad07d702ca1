import { createServer } from 'node:http';
import { bucketSettingsOf, mirrorLiveVersions, openArtifacts } from '@storefront/artifact-store';
import {
  ConfigError,
  connectRedis,
  createLogger,
  configuredEdgeControl,
  LISTEN_BACKLOG,
  memoryLimits,
  ProcessMetrics,
  redisLimits,
  serveMetrics,
  startTracing,
} from '@storefront/server-kit';
import { readShellConfig } from './config';
import { createShellServer } from './app';

async function start() {
  let config;
  try {
    config = readShellConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const logger = createLogger('shell', config.LOG_LEVEL);
  const artifacts = await openArtifacts({
    dir: config.ARTIFACT_DIR,
    databaseUrl: config.DATABASE_URL,
    registrySchema: config.DATABASE_SCHEMA,
    bucket: bucketSettingsOf(config),
  });
  // Every page is rendered from the registry as it is now: a deploy or a rollback by any process is
  // served as soon as the registry store announces it, once this shell has the live builds (copied
  // from the bucket, when the builds live in one), and the page cache edges in front of the shells (a
  // balanced stack's) keep no page across the swap.
  const edge = configuredEdgeControl(config, 'shell', logger);
  const registry = await artifacts.registry.live({
    prepare: (next) => mirrorLiveVersions(artifacts, next),
    publish: edge.publish,
  });
  const metrics = new ProcessMetrics('shell');
  const tracing = startTracing({
    process: 'shell',
    module: 'shell',
    release: process.env.STOREFRONT_RELEASE ?? 'shell',
    logger,
    otlpEndpoint: config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT,
    ratio: config.OTEL_TRACES_SAMPLER_ARG,
    trustProxy: config.TRUST_PROXY,
  });
  const metricsServer = await serveMetrics(metrics, config.METRICS_PORT, config.HOST);
  // Counters every shell shares with a Redis (browser error reports judge canaries); else this one's.
  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL, logger) : null;
  const limits = redis ? redisLimits(redis, `${config.DATABASE_SCHEMA}:shell`) : memoryLimits;
  const server = createServer(
    createShellServer(
      config,
      { files: artifacts.files, registry: registry.current, metrics, tracing, limits },
      logger,
    ),
  ).listen({ port: config.PORT, host: config.HOST, backlog: LISTEN_BACKLOG }, () => {
    logger.info({ port: config.PORT, registry: artifacts.registry.kind }, 'shell listening');
  });
  const stop = () =>
    server.close(async () => {
      metricsServer?.close();
      await tracing.shutdown().catch(() => undefined);
      await registry.close();
      redis?.disconnect();
      await artifacts.close();
      process.exit(0);
    });
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

start().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
