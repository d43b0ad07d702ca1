import { existsSync, readFileSync, statSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import {
  endpointTableSchema,
  type EndpointTable,
  type ModuleEndpoints,
  type ServiceEndpoint,
} from './endpoint-table';

/** How often the table is looked at besides the file system's notices (which may be missed). */
const POLL_MS = 250;

/**
 * The services' endpoints as `npm start` keeps them while it swaps releases (SERVICE_ENDPOINTS_FILE):
 * read again as soon as the file changes, so a swap reaches every caller within milliseconds. Without
 * a file, or for a module it does not name, callers use their configured address.
 */
export class ServiceEndpoints {
  private table: EndpointTable = {};
  private signature = '';
  private readonly watcher: FSWatcher | null = null;
  private readonly timer: NodeJS.Timeout;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly file: string) {
    this.refresh();
    try {
      this.watcher = watch(path.dirname(file), (_event, name) => {
        if (name === path.basename(file)) this.refresh();
      });
      this.watcher.unref();
    } catch {
      // No folder to watch yet: the poll below finds the file once it is there.
    }
    this.timer = setInterval(() => this.refresh(), POLL_MS).unref();
  }

  private refresh() {
    let signature = 'none';
    try {
      const stat = statSync(this.file);
      signature = `${stat.ino}:${stat.mtimeMs}:${stat.size}`;
    } catch {
      // Not written yet.
    }
    if (signature === this.signature) return;
    try {
      this.table = existsSync(this.file)
        ? endpointTableSchema.parse(JSON.parse(readFileSync(this.file, 'utf8')))
        : {};
      this.signature = signature;
    } catch {
      // Caught mid-write by a writer that does not rename: the next look reads it whole.
      return;
    }
    for (const listener of this.listeners) listener();
  }

  of(module: string): ModuleEndpoints | undefined {
    return this.table[module];
  }

  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  /**
   * Waits while `module` is being handed over, up to `deadline`; whether it is available now. A caller
   * still refused at the deadline treats the module as unreachable (`HandedOver`).
   */
  async whileHandedOver(module: string, deadline: number): Promise<boolean> {
    while (this.table[module]?.paused) {
      if (Date.now() >= deadline) return false;
      await sleep(20);
      this.refresh();
    }
    return true;
  }

  close(): void {
    this.watcher?.close();
    clearInterval(this.timer);
  }
}

/** A module still being handed over at a caller's deadline: as a service not listening, to its callers. */
export class HandedOver extends Error {
  readonly code = 'ECONNREFUSED';
  constructor(module: string) {
    super(`${module} is being handed over to its next release`);
  }
}

/** An endpoint's identity: one pool of connections for each. */
const keyOf = (endpoint: ServiceEndpoint) => `${endpoint.url}|${endpoint.socket ?? ''}`;

/**
 * Kept-alive connection pools, one per endpoint a caller reaches: a swap to a new release's endpoint
 * gets a pool of its own, and the old one is closed once the table no longer names it (its requests
 * in flight are answered first).
 */
export class EndpointPools {
  private readonly pools = new Map<string, Pool>();

  constructor(private readonly options: Pool.Options) {}

  poolFor(endpoint: ServiceEndpoint): Pool {
    const key = keyOf(endpoint);
    let pool = this.pools.get(key);
    if (!pool) {
      pool = new Pool(endpoint.url, {
        ...this.options,
        ...(endpoint.socket ? { connect: { socketPath: endpoint.socket } } : {}),
      });
      this.pools.set(key, pool);
    }
    return pool;
  }

  /** Closes every pool whose endpoint is not among `inUse`. */
  retireAllBut(inUse: ServiceEndpoint[]): void {
    const keep = new Set(inUse.map(keyOf));
    for (const [key, pool] of this.pools) {
      if (keep.has(key)) continue;
      this.pools.delete(key);
      void pool.close().catch(() => undefined);
    }
  }

  close(): Promise<void> {
    return Promise.all([...this.pools.values()].map((pool) => pool.close())).then(() => undefined);
  }
}
