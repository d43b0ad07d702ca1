import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database, Queryable, QueryResult } from '../database';
import { holdThroughOutage } from '../outage-hold';
import { readFrames, writeFrame } from './frames';
import type { HostError, HostReply, HostRequest } from './protocol';

type Request = HostRequest extends infer R ? (R extends HostRequest ? Omit<R, 'id'> : never) : never;

/** How long a first start waits for the host (npm start starts it beside the services). */
const FIRST_CONNECT_MS = 60_000;
/** How long a query waits for the host to be back after losing it (a restart takes about a second). */
const RECONNECT_MS = 5_000;

/** The host's refusal as the error a Postgres client would throw: its SQLSTATE in `code`. */
function databaseError(error: HostError): Error {
  return Object.assign(new Error(error.message), error);
}

/** A connection that failed or was lost reads as one to an unreachable database (outage-hold.ts). */
const connectionLost = () =>
  Object.assign(new Error('the embedded database host closed the connection'), { code: 'ECONNRESET' });

/** One connection to the host: a session of its own there, in the service's schema. */
class HostConnection {
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (r: unknown) => void; reject: (e: Error) => void }>();
  closed = false;
  /** Whether the host opened its session: only an open connection closing is a loss to be told of. */
  private opened = false;
  /** Ended here, not lost: nobody is told of its closing. */
  private ended = false;

  private constructor(
    private readonly socket: Socket,
    onNotify: (channel: string) => void,
    onClose: () => void,
  ) {
    readFrames(socket, (message) => {
      const reply = message as HostReply;
      if ('notify' in reply) return onNotify(reply.notify);
      const waiter = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if ('error' in reply) waiter?.reject(databaseError(reply.error));
      else waiter?.resolve(reply.result);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.closed = true;
      for (const waiter of this.waiting.values()) waiter.reject(connectionLost());
      this.waiting.clear();
      if (this.opened && !this.ended) onClose();
    });
  }

  static open(
    socketPath: string,
    schema: string,
    onNotify: (channel: string) => void = () => undefined,
    onClose: () => void = () => undefined,
  ): Promise<HostConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(socketPath);
      socket.once('error', reject);
      socket.once('connect', () => {
        socket.off('error', reject);
        const connection = new HostConnection(socket, onNotify, onClose);
        connection.send({ op: 'open', schema }).then(
          () => {
            connection.opened = true;
            resolve(connection);
          },
          (error: Error) => {
            connection.end();
            reject(error);
          },
        );
      });
    });
  }

  send<T>(request: Request): Promise<T> {
    if (this.closed) return Promise.reject(connectionLost());
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (r: unknown) => void, reject });
      writeFrame(this.socket, { ...request, id });
    });
  }

  end() {
    this.ended = true;
    this.closed = true;
    this.socket.end();
  }
}

/**
 * A service's database on the stack's embedded database host (./server.ts), in `schema`: queries share
 * one connection; each transaction has one of its own, as a pooled Postgres client would.
 */
export async function openHostedDatabase(
  socketPath: string,
  schema: string,
  { firstConnectMs = FIRST_CONNECT_MS } = {},
): Promise<Database> {
  const listeners = new Map<string, Set<() => void>>();
  let closing = false;
  const notify = (channel: string) => listeners.get(channel)?.forEach((onNotify) => onNotify());
  const idle: HostConnection[] = [];

  const openShared = () =>
    HostConnection.open(socketPath, schema, notify, () => {
      if (closing) return;
      shared = reconnect();
      // Whoever waits on it hears of a failure; nobody waiting is no unhandled rejection.
      shared.catch(() => undefined);
    });
  /** A new shared connection, listening on every channel listened to. */
  const openListening = async () => {
    const connection = await openShared();
    try {
      for (const channel of listeners.keys()) await connection.send({ op: 'listen', channel });
      return connection;
    } catch (error) {
      connection.end();
      throw error;
    }
  };
  /** Back after a loss: listening again, and every listener told it may have missed something. */
  const reconnect = async (): Promise<HostConnection> => {
    for (;;) {
      try {
        // Whatever stops it reopening is waited out: the service's queries hold until the host is back.
        const connection = await holdThroughOutage(openListening, RECONNECT_MS, () => !closing);
        for (const channel of listeners.keys()) notify(channel);
        return connection;
      } catch {
        if (closing) throw connectionLost();
      }
    }
  };
  let shared: Promise<HostConnection> = holdThroughOutage(openShared, firstConnectMs);

  let current = await shared;

  /** The shared connection as it is now, or once it is back (within RECONNECT_MS). */
  const sharedConnection = async (): Promise<HostConnection> => {
    if (!current.closed) return current;
    current = await Promise.race([
      shared,
      sleep(RECONNECT_MS, undefined, { ref: false }).then(() => {
        throw connectionLost();
      }),
    ]);
    return current;
  };

  const queryOn =
    (connection: () => Promise<HostConnection>): Queryable['query'] =>
    async <R>(sql: string, params?: unknown[]) =>
      (await connection()).send<QueryResult<R>>({ op: 'query', sql, params });

  return {
    kind: 'pglite',
    query: queryOn(sharedConnection),
    exec: async (sql) => {
      await (await sharedConnection()).send({ op: 'exec', sql });
    },
    async transaction(work) {
      let connection = idle.pop();
      while (connection?.closed) connection = idle.pop();
      connection ??= await holdThroughOutage(() => HostConnection.open(socketPath, schema), RECONNECT_MS);
      const own = connection;
      try {
        await own.send({ op: 'begin' });
        const result = await work({ query: queryOn(async () => own) });
        await own.send({ op: 'commit' });
        return result;
      } catch (error) {
        await own.send({ op: 'rollback' }).catch(() => undefined);
        throw error;
      } finally {
        if (!own.closed && !closing) idle.push(own);
        else own.end();
      }
    },
    async listen(channel, onNotify) {
      const channelListeners = listeners.get(channel) ?? new Set();
      if (!listeners.has(channel)) {
        listeners.set(channel, channelListeners);
        try {
          await (await sharedConnection()).send({ op: 'listen', channel });
        } catch (error) {
          listeners.delete(channel);
          throw error;
        }
      }
      channelListeners.add(onNotify);
      return async () => {
        channelListeners.delete(onNotify);
        if (channelListeners.size) return;
        listeners.delete(channel);
        await (await sharedConnection()).send({ op: 'unlisten', channel }).catch(() => undefined);
      };
    },
    ping: async () => {
      await (await sharedConnection()).send({ op: 'query', sql: 'SELECT 1' });
    },
    async close() {
      closing = true;
      for (const connection of idle.splice(0)) connection.end();
      (await shared.catch(() => null))?.end();
    },
  };
}
