import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { registrySchema, type Registry } from './records';
import type { LiveRegistry, RegistryStore } from './registry-store';

/** A lock older than this was left by a process that died holding it. */
const STALE_LOCK_MS = 30_000;
/** How long a change waits for another to finish before giving up. */
const LOCK_WAIT_MS = 15_000;

/**
 * The registry as `registry.json` in a folder: the embedded default, for one machine. Changes take a
 * lock file (created exclusively, so only one process holds it) and write a temporary file renamed
 * over the old one, so a reader never sees half a registry and two deploys at once both land.
 */
export class FileRegistry implements RegistryStore {
  readonly kind = 'file';

  constructor(readonly root: string) {}

  get path() {
    return path.join(this.root, 'registry.json');
  }

  private readNow(): Registry {
    if (!existsSync(this.path)) return { modules: {} };
    return registrySchema.parse(JSON.parse(readFileSync(this.path, 'utf8')));
  }

  async read(): Promise<Registry> {
    return this.readNow();
  }

  async update(change: (registry: Registry) => void): Promise<Registry> {
    mkdirSync(this.root, { recursive: true });
    const release = await this.lock();
    try {
      const registry = this.readNow();
      change(registry);
      const temporary = `${this.path}.${process.pid}.tmp`;
      writeFileSync(temporary, `${JSON.stringify(registry, null, 2)}\n`);
      renameSync(temporary, this.path);
      return registry;
    } finally {
      release();
    }
  }

  private async lock(): Promise<() => void> {
    const lockPath = `${this.path}.lock`;
    const deadline = Date.now() + LOCK_WAIT_MS;
    for (;;) {
      try {
        closeSync(openSync(lockPath, 'wx'));
        return () => rmSync(lockPath, { force: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        if (isStale(lockPath)) rmSync(lockPath, { force: true });
        else if (Date.now() > deadline)
          throw new Error(`The registry is locked by another change (${lockPath}); try again.`, {
            cause: error,
          });
        else await sleep(10 + Math.random() * 40);
      }
    }
  }

  /**
   * The file's registry, read again whenever the file has changed since the last look. The file is
   * looked at (one stat) once per turn of the event loop that asks, not once per request: every
   * request handled in a turn arrived before that turn's look, so the request after a deploy (by any
   * process on this machine) still has it, while a crowd's requests share one look.
   */
  async live(): Promise<LiveRegistry> {
    let seen = '';
    let registry: Registry = { modules: {} };
    let lookedThisTurn = false;
    const current = () => {
      if (lookedThisTurn) return registry;
      lookedThisTurn = true;
      setImmediate(() => {
        lookedThisTurn = false;
      });
      const now = this.signature();
      if (now !== seen) {
        registry = this.readNow();
        seen = now;
      }
      return registry;
    };
    current();
    return { current, close: async () => undefined };
  }

  private signature(): string {
    try {
      const stat = statSync(this.path);
      return `${stat.ino}:${stat.mtimeMs}:${stat.size}`;
    } catch {
      return 'none';
    }
  }

  async close(): Promise<void> {}
}

function isStale(lockPath: string): boolean {
  try {
    return Date.now() - statSync(lockPath).mtimeMs > STALE_LOCK_MS;
  } catch {
    return false;
  }
}
