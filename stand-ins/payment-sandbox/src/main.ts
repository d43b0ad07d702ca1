import { ConfigError, createLogger } from '@storefront/server-kit';
import { loadSandboxConfig, type SandboxConfig } from './config';
import { createSandbox } from './app';

let config: SandboxConfig;
try {
  config = loadSandboxConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(78);
}
const logger = createLogger('payment-sandbox', config.LOG_LEVEL);
const server = createSandbox(config, logger).app.listen(config.PORT, config.HOST, () => {
  logger.info({ port: config.PORT }, 'payment sandbox listening');
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  // A sandbox holds nothing worth draining for: stop at once, open connections included.
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
