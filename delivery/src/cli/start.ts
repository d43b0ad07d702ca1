import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  DEVELOPMENT_SERVICE_KEY,
  defaultDataDir,
  developmentSecret,
  embeddedDatabaseSocket,
  type ServicePart,
} from '@storefront/server-kit';
import { balancerCommand } from '../balancer';
import { clearStackLimits, dropServiceSchemas, schemaPrefix } from '../stack-data';
import { devSessionFile, REPO_ROOT, remoteModules } from '../modules';
import { bundleCommand } from '../bundle';
import { runToTheEnd, startProcess, stopAll, waitUntilReady } from '../processes';
import { endpointsFile, ModuleServices } from '../module-services';
import { artifactSettings, openStackArtifacts } from '../publish';
import { recordStackStart } from '../run-log';
import {
  edgeControlPort,
  metricsPortOf,
  planStack,
  serviceAddresses,
  serviceSockets,
  socketAddresses,
  type Endpoint,
  type StackPlan,
} from '../stack-plan';

/**
 * `npm start`: builds what is stale, publishes each remote into the local artifact store, starts every
 * service and then the shell, and prints the URL. STOREFRONT_PORT_OFFSET shifts every port (the e2e
 * suite runs beside a developer's stack that way); STOREFRONT_FRESH=1 starts from empty data.
 *
 * With DATABASE_URL the services keep their data in PostgreSQL, each in a schema of its own
 * (STOREFRONT_SCHEMA_PREFIX before its name); with REDIS_URL their rate limits live in Redis. With
 * STOREFRONT_INSTANCES=2 (which needs DATABASE_URL) every service and the shell run twice, behind nginx
 * at the usual addresses: the shape of a deployment, on loopback. Every process runs its production
 * bundle (plain `node dist-node/main.js`, as the image does): nothing is transpiled at start, so a
 * crashed service is back in about a second.
 */

/** Builds, bundles and publishes what the stack runs (prepare.ts): run with tsx, ended before anything starts. */
const PREPARE = path.join(REPO_ROOT, 'delivery/src/cli/prepare.ts');

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

/**
 * What a development stack on PostgreSQL needs that a deployment sets itself: the demo affiliate code,
 * the mailbox instead of SMTP (unless SMTP_URL is given), and one signing key for every account instance.
 */
function developmentOnPostgres(dataDir: string): NodeJS.ProcessEnv {
  return {
    DEMO_AFFILIATE_CODE: process.env.DEMO_AFFILIATE_CODE ?? 'true',
    DEV_MAILBOX: process.env.DEV_MAILBOX ?? (process.env.SMTP_URL ? 'false' : 'true'),
    JWT_SECRET: process.env.JWT_SECRET ?? developmentSecret(dataDir, 'stack-jwt-secret'),
  };
}

function readSettings() {
  const offset = Number(process.env.STOREFRONT_PORT_OFFSET ?? 0);
  const instances = Number(process.env.STOREFRONT_INSTANCES ?? 1);
  const databaseUrl = process.env.DATABASE_URL || undefined;
  if (!Number.isInteger(instances) || instances < 1 || instances > 4) {
    throw new Error('STOREFRONT_INSTANCES must be a whole number from 1 to 4.');
  }
  if (instances > 1 && !databaseUrl) {
    throw new Error(
      'STOREFRONT_INSTANCES above 1 needs DATABASE_URL: the embedded database belongs to one process, and instances must share their data.',
    );
  }
  return {
    offset,
    instances,
    databaseUrl,
    fresh: process.env.STOREFRONT_FRESH === '1',
  };
}

/**
 * Without PostgreSQL, the services share one embedded database host (one PGlite, a schema each, as on
 * PostgreSQL) rather than each holding a Postgres of its own: the settings that take them to it. The
 * services wait for it as they start.
 */
function startEmbeddedDatabase(dataDir: string): NodeJS.ProcessEnv {
  const socket = embeddedDatabaseSocket(dataDir);
  startProcess('embedded database', bundleCommand('embedded-database'), { EMBEDDED_DATABASE_SOCKET: socket });
  return { EMBEDDED_DATABASE_SOCKET: socket };
}

/** Starts every instance of an endpoint under supervision and waits until each is ready. */
async function startInstances(
  endpoint: Endpoint,
  command: string[],
  env: NodeJS.ProcessEnv,
  probe: string,
  runDir: string,
) {
  await Promise.all(
    endpoint.instances.map(async (instance) => {
      const started = startProcess(
        instance.label === endpoint.part
          ? processName(endpoint)
          : `${processName(endpoint)} #${instance.label.split('-').at(-1)}`,
        command,
        { ...env, PORT: String(instance.port), METRICS_PORT: String(metricsPortOf(instance.port)) },
        {
          // Operators (and the e2e suite's failure tests) find each instance's current process here.
          onSpawn: (child) => writeFileSync(path.join(runDir, `${instance.label}.pid`), String(child.pid)),
        },
      );
      await waitUntilReady(instance.label, `${instance.url}${probe}`, { process: started });
    }),
  );
}

const isModule = (part: string) => remoteModules.some((module) => module.name === part);

const processName = (endpoint: Endpoint) =>
  endpoint.part === 'shell' ? 'shell' : `${endpoint.part} service`;

/** Where this run's processes, ports and balancer are, for operators and tests (run/topology.json). */
function writeTopology(runDir: string, plan: StackPlan) {
  writeFileSync(path.join(runDir, 'topology.json'), `${JSON.stringify(plan, null, 2)}\n`);
}

async function start() {
  const started = Date.now();
  const { offset, instances, databaseUrl, fresh } = readSettings();
  const dataDir = path.resolve(defaultDataDir());
  process.env.STOREFRONT_DATA_DIR = dataDir;
  const plan = planStack({ offset, instances });
  const prefix = schemaPrefix();
  recordStackStart(dataDir);
  if (fresh) {
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropServiceSchemas(databaseUrl, prefix);
    if (process.env.REDIS_URL) await clearStackLimits(process.env.REDIS_URL, prefix);
  }

  await runToTheEnd('prepare', [process.execPath, '--import', 'tsx', PREPARE]);
  const { dir: artifactDir, registrySchema } = artifactSettings();

  const runDir = path.join(dataDir, 'run');
  mkdirSync(runDir, { recursive: true });
  writeTopology(runDir, plan);
  const siteUrl = process.env.SITE_URL ?? `http://localhost:${plan.shell.port}`;
  const sandbox = plan.services.find((endpoint) => endpoint.part === 'payment-sandbox')!;
  // Every process learns where every service is, so services can call each other at the shifted ports.
  const environment = {
    ...serviceAddresses(plan),
    ...paymentEnvironment(siteUrl, sandbox.url),
    ...(databaseUrl ? developmentOnPostgres(dataDir) : {}),
    // Whoever swaps what pages show (a snapshot, the registry) holds the balancer's page cache first.
    ...(plan.balanced ? { EDGE_CONTROL_URLS: `http://127.0.0.1:${edgeControlPort(plan)}` } : {}),
  };
  const sockets = serviceSockets(plan, path.join(runDir, 'sockets'));
  if (plan.balanced) {
    // The page cache's holds and releases are taken from whoever holds the service key.
    startProcess('balancer (nginx)', balancerCommand(plan, runDir), {
      EDGE_CONTROL_KEY: process.env.SERVICE_KEY ?? DEVELOPMENT_SERVICE_KEY,
    });
    console.log(`nginx balances ${instances} instances of each part`);
  }

  const database = databaseUrl ? {} : startEmbeddedDatabase(dataDir);
  const serviceEnvironment = (part: string): NodeJS.ProcessEnv => ({
    ...environment,
    ...database,
    // Services sit behind the shell (and, here, nginx) on this machine: the proxies they believe
    // about who the client is. The shell's own TRUST_PROXY is the operator's unless nginx fronts it.
    TRUST_PROXY: 'loopback',
    SOCKET_PATH: sockets.get(part as ServicePart) ?? '',
    ...(databaseUrl ? { DATABASE_SCHEMA: `${prefix}${part.replace(/-/g, '_')}` } : {}),
  });
  // With one instance of each part, each module's service runs as its live release (its build in the
  // artifact store) and is swapped when a deploy, a rollback or a canary changes the registry; with
  // several behind nginx, each runs the bundle of this checkout.
  const releasable = plan.balanced ? [] : plan.services.filter((endpoint) => isModule(endpoint.part));
  await Promise.all(
    plan.services
      .filter((endpoint) => !releasable.includes(endpoint))
      .map((endpoint) =>
        startInstances(
          endpoint,
          bundleCommand(endpoint.part),
          serviceEnvironment(endpoint.part),
          '/readyz',
          runDir,
        ),
      ),
  );
  const endpoints = releasable.length ? endpointsFile(runDir) : undefined;
  if (endpoints) {
    const artifacts = await openStackArtifacts();
    moduleServices = new ModuleServices({
      endpoints: releasable,
      runDir,
      files: artifacts.files,
      registry: await artifacts.registry.live(),
      envFor: (module) => ({ ...serviceEnvironment(module), SERVICE_ENDPOINTS_FILE: endpoints }),
      sharedDatabase: Boolean(databaseUrl),
      log: (line) => console.log(line),
    });
    await moduleServices.start();
  }
  await startInstances(
    plan.shell,
    bundleCommand('shell'),
    {
      ...environment,
      ...socketAddresses(sockets),
      ...(endpoints ? { SERVICE_ENDPOINTS_FILE: endpoints } : {}),
      ARTIFACT_DIR: artifactDir,
      // A checkout form sent without scripts is redirected to the payment sandbox's hosted page.
      PAYMENT_PAGE_ORIGINS: `${process.env.PAYMENT_PAGE_ORIGINS ?? ''} ${sandbox.url}`.trim(),
      // Where `npm run dev -- <module>` announces itself; until it does, no browser can load a module
      // from anywhere but this shell (shell/src/server/dev-overrides.ts).
      DEV_SESSION_FILE: devSessionFile(dataDir),
      ...(databaseUrl ? { DATABASE_SCHEMA: registrySchema } : {}),
      ...(plan.balanced ? { TRUST_PROXY: 'loopback' } : {}),
    },
    '/healthz',
    runDir,
  );
  await waitUntilReady('shell', `${plan.shell.url}/healthz`);
  console.log(
    `\nStorefront ready in ${((Date.now() - started) / 1000).toFixed(1)}s: http://localhost:${plan.shell.port}\n`,
  );
}

/** Swaps stop being made, and the endpoints table goes (no deploy waits on a stack that is gone). */
let moduleServices: ModuleServices | undefined;
const stop = () => void (moduleServices?.close() ?? Promise.resolve()).finally(() => stopAll(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
start().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  stopAll(1);
});
