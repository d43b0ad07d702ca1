import { Client, Pool, types, type PoolConfig } from 'pg';
import type { Database, Queryable } from './database';

/** Postgres's type id of `bigint`. */
const INT8 = 20;

/**
 * A `bigint` read as a number while it is exact, as PGlite reads it, so that money in cents (bigint
 * columns) is a number in both databases; pg alone would give a string.
 */
function readInt8(text: string): number | bigint {
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : BigInt(text);
}

const storefrontTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 && format !== 'binary'
      ? readInt8
      : types.getTypeParser(oid, format)) as typeof types.getTypeParser,
};

/** How long a lost listening connection waits before connecting again. */
const RELISTEN_MS = 500;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries), connected again
 * after a loss, telling the listener each time it is back.
 */
async function listenOn(config: PoolConfig, channel: string, onNotify: () => void) {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Bad channel name: ${channel}`);
  let stopped = false;
  let client: Client | null = null;
  const connect = async (): Promise<void> => {
    const next = new Client({ ...config, types: storefrontTypes });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    const again = () => {
      if (stopped || client !== next) return;
      client = null;
      setTimeout(() => void reconnect(), RELISTEN_MS).unref();
    };
    next.on('error', again);
    next.on('end', again);
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    client = next;
  };
  const reconnect = async () => {
    try {
      await connect();
      onNotify();
    } catch {
      if (!stopped) setTimeout(() => void reconnect(), RELISTEN_MS).unref();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => undefined);
  };
}

const statementNames = new Map<string, string>();
/**
 * A statement with parameters runs as a prepared statement of its connection, named for its text: the
 * server parses and analyzes it once per connection instead of on every call (an order's statements
 * cost PostgreSQL a fifth less CPU). The texts are the code's own, so the names are few and each
 * always stands for the same text.
 */
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) statementNames.set(sql, (name = `s${statementNames.size}`));
  return name;
}

export function openPostgres(config: PoolConfig): Database {
  const pool = new Pool({ max: 10, connectionTimeoutMillis: 5_000, types: storefrontTypes, ...config });
  // An idle client losing its connection must not crash the process; /readyz reports the outage.
  pool.on('error', () => undefined);
  const query: Queryable['query'] = async (sql, params) => {
    const result = await pool.query(
      params?.length ? { name: statementName(sql), text: sql, values: params as unknown[] } : sql,
    );
    return { rows: result.rows, rowCount: result.rowCount ?? 0 };
  };
  return {
    kind: 'postgres',
    query,
    exec: async (sql) => {
      await pool.query(sql);
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          query: async (sql, params) => {
            const r = await client.query(sql, params as unknown[]);
            return { rows: r.rows, rowCount: r.rowCount ?? 0 };
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    listen: (channel, onNotify) => listenOn(config, channel, onNotify),
    ping: async () => {
      await pool.query('SELECT 1');
    },
    close: () => pool.end(),
  };
}
