import { createServer } from 'node:http';
import { ArtifactStore } from '@storefront/artifact-store';
import { ConfigError, createLogger, loadConfig } from '@storefront/service-kit';
import { shellConfigShape } from './config';
import { createShellServer } from './app';

function start() {
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
  const server = createServer(
    createShellServer(config, new ArtifactStore(config.ARTIFACT_DIR), logger),
  ).listen(config.PORT, config.HOST, () => {
    logger.info({ port: config.PORT }, 'shell listening');
  });
  const stop = () => server.close(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

start();
