import type { ZodMiniType } from '@storefront/schema';

/** One value the browser keeps under a key of its storage. */
export interface PersistedValue<T> {
  /** The value; null when there is none, storage is blocked, or what is kept is not what it should be. */
  read(): T | null;
  /** Whether the key holds anything at all, readable or not. */
  present(): boolean;
  /** Keeps `value`, or removes the key for null. Blocked or full storage keeps nothing: callers allow for it. */
  write(value: T | null): void;
}

/**
 * `key` in `storage`: kept as JSON and checked by `schema` on every read or, without a schema, text kept
 * as it is (the spec's keys that hold plain strings, such as an affiliate code). Storage may throw at
 * every call (private modes, quotas): here that reads as nothing kept.
 */
export function persistedValue(storage: Storage, key: string): PersistedValue<string>;
export function persistedValue<T>(storage: Storage, key: string, schema: ZodMiniType<T>): PersistedValue<T>;
export function persistedValue<T>(
  storage: Storage,
  key: string,
  schema?: ZodMiniType<T>,
): PersistedValue<T | string> {
  const raw = () => {
    try {
      return storage.getItem(key);
    } catch {
      return null;
    }
  };
  return {
    read() {
      const kept = raw();
      if (kept === null || !schema) return kept;
      try {
        const parsed = schema.safeParse(JSON.parse(kept));
        return parsed.success ? parsed.data : null;
      } catch {
        return null; // not JSON
      }
    },
    present: () => raw() !== null,
    write(value) {
      try {
        if (value === null) storage.removeItem(key);
        else storage.setItem(key, schema ? JSON.stringify(value) : String(value));
      } catch {
        // blocked or full: see the interface
      }
    },
  };
}

/** What a storage the browser blocks is read as: nothing kept, and nothing kept by writing. */
const UNAVAILABLE: Storage = {
  length: 0,
  clear: () => undefined,
  getItem: () => null,
  key: () => null,
  removeItem: () => undefined,
  setItem: () => undefined,
};

/**
 * The browser's localStorage or this tab's sessionStorage. Where the visitor blocks site data, merely
 * reading `window.localStorage` throws: the page then goes on with a storage that keeps nothing.
 */
export function browserStorage(kind: 'localStorage' | 'sessionStorage'): Storage {
  try {
    // Some webviews with storage turned off give null rather than throwing.
    return window[kind] ?? UNAVAILABLE;
  } catch {
    return UNAVAILABLE;
  }
}
