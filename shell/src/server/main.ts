import { createServer } from 'node:http';
import { bucketSettingsOf, mirrorLiveVersions, openArtifacts } from '@storefront/artifact-store';
import { ConfigError, createLogger, loadConfig } from '@storefront/service-kit';
import { shellConfigShape } from './config';
import { createShellServer } from './app';

async function start() {
  let config;
  try {
    config = loadConfig('shell', shellConfigShape);
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
  // from the bucket, when the builds live in one).
  const registry = await artifacts.registry.live({
    prepare: (next) => mirrorLiveVersions(artifacts, next),
  });
  const server = createServer(
    createShellServer(config, { files: artifacts.files, registry: registry.current }, logger),
  ).listen(config.PORT, config.HOST, () => {
    logger.info({ port: config.PORT, registry: artifacts.registry.kind }, 'shell listening');
  });
  const stop = () =>
    server.close(async () => {
      await registry.close();
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
