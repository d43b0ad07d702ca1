import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApps } from '../build';
import { defaultDataDir } from '@storefront/service-kit';
import { remoteModules, serviceBaseUrl, serviceProcesses, serviceUrlVariable, SHELL_DIR } from '../modules';
import { startProcess, stopAll, waitUntilReady } from '../processes';
import { artifactStore, publishRemote } from '../publish';

/**
 * `npm start`: builds what is stale, publishes each remote into the local artifact store, starts every
 * service and then the shell, and prints the URL. STOREFRONT_PORT_OFFSET shifts every port (the e2e
 * suite runs beside a developer's stack that way); STOREFRONT_FRESH=1 starts from empty data.
 */
/**
 * Payments go to the local payment sandbox, whose webhooks come back through the shell as Square's
 * would, unless the environment names a real Square (SQUARE_ENVIRONMENT and the other SQUARE_ settings).
 */
function paymentEnvironment(siteUrl: string, sandboxUrl: string): NodeJS.ProcessEnv {
  const notificationUrl = `${siteUrl}/api/checkout/webhooks/square`;
  return {
    SITE_URL: siteUrl,
    SQUARE_ENVIRONMENT: process.env.SQUARE_ENVIRONMENT ?? sandboxUrl,
    SQUARE_WEBHOOK_NOTIFICATION_URL: process.env.SQUARE_WEBHOOK_NOTIFICATION_URL ?? notificationUrl,
    SANDBOX_PUBLIC_URL: sandboxUrl,
    SANDBOX_WEBHOOK_URL: notificationUrl,
  };
}

async function start() {
  const started = Date.now();
  const offset = Number(process.env.STOREFRONT_PORT_OFFSET ?? 0);
  const dataDir = path.resolve(defaultDataDir());
  process.env.STOREFRONT_DATA_DIR = dataDir;
  if (process.env.STOREFRONT_FRESH === '1') rmSync(dataDir, { recursive: true, force: true });

  console.log('Building what changed…');
  await buildApps([SHELL_DIR, ...remoteModules.map((m) => m.dir)]);

  const store = artifactStore();
  for (const remote of remoteModules) {
    const { version } = publishRemote(store, remote);
    console.log(`  ${remote.name}: live at ${version}`);
  }

  const runDir = path.join(dataDir, 'run');
  mkdirSync(runDir, { recursive: true });
  // Every process learns where every service is, so services can call each other at the shifted ports.
  const serviceUrls = Object.fromEntries(
    serviceProcesses.map((service) => [serviceUrlVariable(service), serviceBaseUrl(service, offset)]),
  );
  const shellPort = Number(process.env.PORT ?? 3000) + offset;
  const siteUrl = process.env.SITE_URL ?? `http://localhost:${shellPort}`;
  const environment = {
    ...serviceUrls,
    ...paymentEnvironment(siteUrl, serviceUrls.PAYMENT_SANDBOX_SERVICE_URL!),
  };
  await Promise.all(
    serviceProcesses.map(async (service) => {
      const port = service.defaultPort + offset;
      startProcess(
        `${service.name} service`,
        `${service.dir}/src/main.ts`,
        // Services sit behind the shell on this machine: it is the one proxy they believe about who
        // the client is. The shell's own TRUST_PROXY is the operator's (nothing unless set).
        { ...environment, PORT: String(port), TRUST_PROXY: 'loopback' },
        {
          // Operators (and the e2e suite's failure tests) find each service's current process here.
          onSpawn: (child) => writeFileSync(path.join(runDir, `${service.name}.pid`), String(child.pid)),
        },
      );
      await waitUntilReady(`${service.name} service`, `http://127.0.0.1:${port}/readyz`);
    }),
  );

  startProcess('shell', `${SHELL_DIR}/src/server/main.ts`, {
    ...environment,
    PORT: String(shellPort),
    ARTIFACT_DIR: store.root,
  });
  await waitUntilReady('shell', `http://127.0.0.1:${shellPort}/healthz`);
  console.log(
    `\nStorefront ready in ${((Date.now() - started) / 1000).toFixed(1)}s: http://localhost:${shellPort}\n`,
  );
}

process.once('SIGINT', () => stopAll(0));
process.once('SIGTERM', () => stopAll(0));
start().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  stopAll(1);
});
