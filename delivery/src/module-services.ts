import { renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BuildFiles, LiveRegistry, ModuleRecord, VersionRecord } from '@storefront/artifact-store';
import type { EndpointTable, ServiceEndpoint } from '@storefront/server-kit';
import { startProcess, waitUntilReady, type SupervisedProcess } from './processes';
import { REPO_ROOT } from './modules';
import { SERVICE_BUNDLE } from './release-build';
import { metricsPortOf, type Endpoint } from './stack-plan';

/** Where a module's running release answers: two places, so that the next can start beside it. */
type Slot = 'a' | 'b';

/** A release as the services run it: its version, and its service build's. */
interface ServiceRelease {
  release: string;
  service: string;
}

interface Running extends ServiceRelease {
  slot: Slot;
  process: SupervisedProcess;
  endpoint: ServiceEndpoint;
}

export interface ModuleServicesOptions {
  /** The modules with a service, each at its place in the stack's plan. */
  endpoints: Endpoint[];
  runDir: string;
  files: BuildFiles;
  registry: LiveRegistry;
  /** Every service process's settings (where the others are, the database, …), and one module's own. */
  envFor(module: string): NodeJS.ProcessEnv;
  /**
   * Whether the services keep their data in a database several processes may open (PostgreSQL): a
   * release then starts beside the one it replaces. On the embedded database it takes the other's place.
   */
  sharedDatabase: boolean;
  log(line: string): void;
}

/** The file every caller follows (the shell, and services calling each other): run/endpoints.json. */
export const endpointsFile = (runDir: string) => path.join(runDir, 'endpoints.json');

/** How long callers are given to see a change of the table (they watch the file) before it is relied on. */
const SETTLE_MS = 300;
/** How long a replaced release is kept up for a rollback to switch back to (shared database only). */
const STANDBY_MS = 10 * 60_000;
/** How long a new release has to answer its readiness probe before its swap is given up. */
const READY_WITHIN_MS = 60_000;

/**
 * Runs each module's service as its live release says (its build in the artifact store), and swaps it
 * when the registry's live release (or canary) changes: a deploy, a rollback, a canary started,
 * promoted or taken back, by any process. The endpoints table tells every caller where each release
 * answers, and a swap never sends a request to a process that is stopping:
 *
 * - on a shared database, the new release starts beside the old on the other slot, answers its
 *   readiness probe, takes the table, and then the old one stops (answering what it has first);
 * - on the embedded database, which one process opens at a time, the table first holds new requests
 *   (`paused`), the old release stops (answering what it has and closing the database), the new one
 *   starts and answers, and the table sends the held requests to it.
 */
export class ModuleServices {
  private readonly live = new Map<string, Running>();
  private readonly canaries = new Map<string, Running>();
  /**
   * On a shared database, the release a swap replaced stays up, idle, for a while: a rollback to it is
   * then a switch of the table, not a start.
   */
  private readonly standby = new Map<string, { running: Running; timer: NodeJS.Timeout }>();
  /** Canaries that could not start, each not tried again. */
  private readonly failedCanary = new Map<string, string>();
  /** Releases that did not start, each not tried again until another release is wanted. */
  private readonly failed = new Map<string, string>();
  private readonly table: EndpointTable = {};
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private reconciling: Promise<void> = Promise.resolve();

  constructor(private readonly options: ModuleServicesOptions) {}

  private plan(module: string): Endpoint {
    return this.options.endpoints.find((endpoint) => endpoint.part === module)!;
  }

  private endpointOf(module: string, slot: Slot, { release, service }: ServiceRelease): ServiceEndpoint {
    const { port } = this.plan(module);
    const slotPort = slot === 'a' ? port : port + 1000;
    return {
      url: `http://127.0.0.1:${slotPort}`,
      socket: path.join(this.options.runDir, 'sockets', slot === 'a' ? `${module}.sock` : `${module}-b.sock`),
      release,
      service,
    };
  }

  private pidFile(module: string, role: 'live' | 'canary') {
    return path.join(this.options.runDir, role === 'live' ? `${module}.pid` : `${module}-canary.pid`);
  }

  private writeTable() {
    const file = endpointsFile(this.options.runDir);
    writeFileSync(`${file}.tmp`, `${JSON.stringify(this.table, null, 2)}\n`);
    renameSync(`${file}.tmp`, file);
  }

  private async run(
    module: string,
    wanted: ServiceRelease,
    slot: Slot,
    role: 'live' | 'canary',
  ): Promise<Running> {
    const { release, service } = wanted;
    const endpoint = this.endpointOf(module, slot, wanted);
    const { port } = new URL(endpoint.url);
    // Operators and the fault drills find the live (and the canary) release's process here; a standby
    // restarted by supervision leaves the file to the live one.
    const handle: { process?: SupervisedProcess } = {};
    const serving = () =>
      !handle.process ||
      this.live.get(module)?.process === handle.process ||
      this.canaries.get(module)?.process === handle.process;
    const process = (handle.process = startProcess(
      `${module} service ${service}${role === 'canary' ? ' (canary)' : ''}`,
      [
        globalThis.process.execPath,
        path.join(this.options.files.serviceDir(module, service), SERVICE_BUNDLE),
      ],
      {
        ...this.options.envFor(module),
        PORT: port,
        METRICS_PORT: String(metricsPortOf(Number(port))),
        SOCKET_PATH: endpoint.socket,
        STOREFRONT_RELEASE: release,
        STOREFRONT_SERVICE_VERSION: service,
        // The bundle finds its packages at run time, as in the image; a store kept outside the
        // repository (STOREFRONT_DATA_DIR elsewhere) is not beneath the installed node_modules.
        NODE_PATH: path.join(REPO_ROOT, 'node_modules'),
      },
      {
        onSpawn: (child) => {
          if (serving()) writeFileSync(this.pidFile(module, role), String(child.pid));
        },
      },
    ));
    try {
      await waitUntilReady(`${module} ${release}`, `${endpoint.url}/readyz`, {
        withinMs: READY_WITHIN_MS,
        process,
      });
    } catch (error) {
      await process.stop();
      throw error;
    }
    return { release, service, slot, process, endpoint };
  }

  /** Starts every module's live release and writes the table; then follows the registry. */
  async start(): Promise<void> {
    const registry = this.options.registry.current();
    await Promise.all(
      this.options.endpoints.map(async ({ part: module }) => {
        const record = liveRecord(registry.modules[module]);
        if (!record?.service) throw new Error(`${module} has no live release with a service build to run`);
        const running = await this.run(module, serviceReleaseOf(record), 'a', 'live');
        this.live.set(module, running);
        this.table[module] = { live: running.endpoint, canary: null };
      }),
    );
    this.writeTable();
    // One reconcile at a time, the next a moment after the last ends (a swap may take seconds).
    const next = () => {
      this.reconciling = this.reconcile().finally(() => {
        if (!this.closed) this.timer = setTimeout(next, 200);
      });
    };
    this.timer = setTimeout(next, 200);
  }

  /** Brings each module's running releases in line with the registry, one module at a time. */
  private async reconcile(): Promise<void> {
    const registry = this.options.registry.current();
    for (const { part: module } of this.options.endpoints) {
      try {
        await this.reconcileModule(module, registry.modules[module]);
      } catch (error) {
        // One module's trouble leaves the others followed.
        this.options.log(`${module}: release swap failed: ${(error as Error).message}`);
      }
    }
  }

  private async reconcileModule(module: string, record: ModuleRecord | undefined): Promise<void> {
    const wanted = liveRecord(record);
    const running = this.live.get(module)!;
    if (!wanted?.service) return;
    const canary = this.canaries.get(module);
    if (canary && canary.release === wanted.version) return this.promote(module, canary, running);
    if (this.failed.get(module) === wanted.version) return;
    if (this.failed.has(module)) this.forgetFailure(module);
    if (wanted.service.version !== running.service) {
      // A live release other than the canary's (a rollback during a canary): the canary ends first.
      await this.stopCanary(module);
      await this.swap(module, wanted, running);
    } else if (wanted.version !== running.release) {
      // A release whose UI alone changed: the same process, now under the release's name.
      running.release = wanted.version;
      this.table[module]!.live = { ...running.endpoint, release: wanted.version };
      this.writeTable();
    }
    const wantedCanary = record?.canary
      ? record.versions.find((v) => v.version === record.canary!.version)
      : undefined;
    if (
      wantedCanary?.service &&
      this.canaries.get(module)?.release !== wantedCanary.version &&
      this.failedCanary.get(module) !== wantedCanary.version
    )
      await this.startCanary(module, wantedCanary, record!.canary!.share);
    if (!wantedCanary && this.canaries.get(module)) await this.stopCanary(module);
  }

  private forgetFailure(module: string) {
    this.failed.delete(module);
    this.table[module]!.failed = undefined;
    this.writeTable();
  }

  private otherSlot(module: string): Slot {
    return this.live.get(module)!.slot === 'a' ? 'b' : 'a';
  }

  private async swap(module: string, wanted: VersionRecord, running: Running): Promise<void> {
    this.options.log(
      `${module}: service ${running.service} → ${wanted.service!.version} (release ${wanted.version})`,
    );
    const started = Date.now();
    let next: Running;
    if (this.options.sharedDatabase) {
      const standing = this.standby.get(module)?.running;
      if (standing?.service === wanted.service!.version && (await answers(standing.endpoint))) {
        // A rollback to the release just replaced: it is still up, so the table switches back to it.
        this.takeStandby(module);
        next = { ...standing, release: wanted.version };
        writeFileSync(this.pidFile(module, 'live'), String(standing.process.current().pid));
      } else {
        await this.stopStandby(module);
        try {
          next = await this.run(module, serviceReleaseOf(wanted), this.otherSlot(module), 'live');
        } catch (error) {
          return this.refuse(module, wanted, running, error);
        }
      }
      this.live.set(module, next);
      this.table[module] = {
        ...this.table[module]!,
        live: { ...next.endpoint, release: wanted.version },
        failed: undefined,
      };
      this.writeTable();
      this.keepStandby(module, running);
    } else {
      this.table[module]!.paused = true;
      this.writeTable();
      try {
        await sleep(SETTLE_MS);
        await running.process.stop();
        try {
          next = await this.run(module, serviceReleaseOf(wanted), this.otherSlot(module), 'live');
        } catch (error) {
          this.live.set(module, await this.run(module, running, running.slot, 'live'));
          return this.refuse(module, wanted, running, error);
        }
        this.live.set(module, next);
        this.table[module]!.failed = undefined;
      } finally {
        // Whatever happened, nothing stays held: the table names whoever answers now.
        this.table[module] = { ...this.table[module]!, live: this.live.get(module)!.endpoint, paused: false };
        this.writeTable();
      }
    }
    this.options.log(`${module}: release ${wanted.version} answers (${Date.now() - started} ms)`);
  }

  /** A release that never answered: the one before goes on, and the table says so for the deploy. */
  private refuse(module: string, wanted: VersionRecord, running: Running, error: unknown) {
    this.failed.set(module, wanted.version);
    this.table[module]!.failed = wanted.version;
    this.writeTable();
    this.options.log(
      `${module}: ${wanted.version} did not start (${(error as Error).message}); ${running.release} goes on`,
    );
  }

  /** Keeps a replaced release up, idle (no table names it), until a rollback or STANDBY_MS. */
  private keepStandby(module: string, running: Running) {
    const timer = setTimeout(() => void this.stopStandby(module), STANDBY_MS).unref();
    this.standby.set(module, { running, timer });
  }

  private takeStandby(module: string): void {
    const standing = this.standby.get(module);
    if (!standing) return;
    clearTimeout(standing.timer);
    this.standby.delete(module);
  }

  private async stopStandby(module: string): Promise<void> {
    const standing = this.standby.get(module);
    this.takeStandby(module);
    await standing?.running.process.stop();
  }

  private async startCanary(module: string, record: VersionRecord, share: number): Promise<void> {
    if (!this.options.sharedDatabase) {
      this.failedCanary.set(module, record.version);
      this.options.log(`${module}: a canary needs a shared database (DATABASE_URL); not started`);
      return;
    }
    await this.stopCanary(module);
    await this.stopStandby(module);
    let canary: Running;
    try {
      canary = await this.run(module, serviceReleaseOf(record), this.otherSlot(module), 'canary');
    } catch (error) {
      this.failedCanary.set(module, record.version);
      this.table[module]!.failed = record.version;
      this.writeTable();
      throw error;
    }
    this.canaries.set(module, canary);
    this.table[module]!.canary = { ...canary.endpoint, share };
    this.writeTable();
    this.options.log(`${module}: canary ${record.version} answers ${share} % of shoppers`);
  }

  private async stopCanary(module: string): Promise<void> {
    const canary = this.canaries.get(module);
    if (!canary) return;
    this.canaries.delete(module);
    this.table[module]!.canary = null;
    this.writeTable();
    rmSync(this.pidFile(module, 'canary'), { force: true });
    await sleep(SETTLE_MS);
    await canary.process.stop();
  }

  /** The canary becomes the live release: it answers everyone, and the release before it stops. */
  private async promote(module: string, canary: Running, running: Running): Promise<void> {
    this.canaries.delete(module);
    this.live.set(module, canary);
    this.table[module] = { live: canary.endpoint, canary: null };
    this.writeTable();
    rmSync(this.pidFile(module, 'canary'), { force: true });
    writeFileSync(this.pidFile(module, 'live'), String(canary.process.current().pid));
    this.keepStandby(module, running);
    this.options.log(`${module}: canary ${canary.release} promoted`);
  }

  /** Stops following the registry; the processes are stopped with the rest of the stack. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.reconciling;
    rmSync(endpointsFile(this.options.runDir), { force: true });
  }
}

function liveRecord(record: { live: string | null; versions: VersionRecord[] } | undefined) {
  return record?.versions.find((v) => v.version === record.live);
}

/** Whether a process still answers its readiness probe (a standby may have died or be stopping). */
async function answers(endpoint: ServiceEndpoint): Promise<boolean> {
  try {
    return (await fetch(`${endpoint.url}/readyz`, { signal: AbortSignal.timeout(500) })).ok;
  } catch {
    return false;
  }
}

const serviceReleaseOf = (record: VersionRecord): ServiceRelease => ({
  release: record.version,
  service: record.service!.version,
});
