import type { Logger } from 'pino';
import type { Queryable } from './database';
import { NO_EDGE } from './edge-control';

export interface LiveSnapshotOptions<T> {
  /** What the snapshot is of, for the log. */
  name: string;
  /** A cheap token that changes whenever the data does (see `dataVersion`). */
  version(): Promise<string>;
  /** Reads everything the snapshot holds; runs only when the version moved. */
  load(): Promise<T>;
  logger: Logger;
  /** How often the version is asked for: a change is served within about this long plus one load. */
  checkEveryMs?: number;
  /**
   * How a loaded snapshot is made current: through the page cache edges (EdgeControl.publish), so no
   * page they kept from the data before is served after it. Default: at once.
   */
  publish?: (swap: () => void) => Promise<void>;
}

export interface LiveSnapshot<T> {
  /** The latest data loaded, or undefined while nothing could be loaded yet. */
  current(): T | undefined;
  close(): void;
}

/**
 * Data a service answers reads from without touching its database: loaded at start, then reloaded
 * whenever the version check sees a change, whether made by this instance, another one or by hand.
 * Reads go on from the last good load while a reload fails.
 */
export async function openLiveSnapshot<T>(options: LiveSnapshotOptions<T>): Promise<LiveSnapshot<T>> {
  const { name, logger, checkEveryMs = 250, publish = NO_EDGE.publish } = options;
  let data: T | undefined;
  let loadedVersion: string | undefined;
  let failing = false;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  async function refresh() {
    try {
      // The version is read before the data: a change landing in between only causes one more load.
      const version = await options.version();
      if (version !== loadedVersion) {
        const loaded = await options.load();
        // The first load too: a new instance (a release) may answer the same data differently.
        await publish(() => {
          data = loaded;
        });
        if (loadedVersion !== undefined) logger.info({ snapshot: name, version }, 'snapshot reloaded');
        loadedVersion = version;
      }
      if (failing) logger.info({ snapshot: name }, 'snapshot source reachable again');
      failing = false;
    } catch (error) {
      if (!failing) logger.warn({ snapshot: name, err: error }, 'snapshot could not be refreshed');
      failing = true;
    }
  }

  async function loop() {
    await refresh();
    if (!closed) timer = setTimeout(() => void loop(), checkEveryMs).unref();
  }

  await loop();
  return {
    current: () => data,
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
}

/**
 * The database's data version: a counter the `bump_data_version()` trigger (kit migration 000) moves
 * in the same transaction as every change to a table a snapshot is made from.
 */
export async function dataVersion(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ version: string }>('SELECT version::text AS version FROM data_version');
  return rows[0]?.version ?? '0';
}
