import { mkdirSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import type { Database } from '../database';
import { readFrames, writeFrame } from './frames';
import { SQL_NAME, type HostError, type HostReply, type HostRequest } from './protocol';

/**
 * A transaction whose service says nothing for this long is rolled back: the one database session is
 * every service's, and a service stuck mid-transaction must not stop the others for longer.
 */
export const IDLE_TRANSACTION_MS = 15_000;

/** One turn at the database at a time, in the order asked: PGlite is a single session. */
class Turns {
  private last: Promise<void> = Promise.resolve();

  take(): Promise<() => void> {
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const turn = this.last.then(() => release);
    this.last = this.last.then(() => mine);
    return turn;
  }
}

/** A service's connection: its schema, and its turn while its transaction is open. */
interface Session {
  socket: Socket;
  schema: string | null;
  /** Set from BEGIN to COMMIT or ROLLBACK: the turn it holds. */
  transaction: { release: () => void; idle: NodeJS.Timeout } | null;
  /** Its transaction was rolled back for idling: what it sends next in it is refused, until ROLLBACK. */
  abandoned: boolean;
  channels: Set<string>;
}

const hostError = (error: unknown): HostError => {
  const { message, code, detail, constraint, table, column } = error as Record<string, string | undefined>;
  return { message: message ?? String(error), code, detail, constraint, table, column };
};

const refusal = (message: string, code: string): HostError => ({ message, code });

/**
 * Serves one embedded database (PGlite) to every service of a development stack over a Unix socket:
 * one Postgres for all, each service in a schema of its own, as they share one PostgreSQL. A stack
 * then holds one copy of Postgres's WebAssembly, its heap and its files rather than one per service.
 */
export function serveEmbeddedDatabase(
  db: Database,
  socketPath: string,
  { idleTransactionMs = IDLE_TRANSACTION_MS } = {},
): Promise<Server> {
  const turns = new Turns();
  let searchPath: string | null = null;
  /** The sessions listening on each channel, and how to stop the database's LISTEN. */
  const listeners = new Map<string, { sessions: Set<Session>; stop: () => Promise<void> }>();

  /** Runs `work` in the session's schema, in its transaction's turn or in a turn of its own. */
  const inTurn = async <T>(session: Session, work: () => Promise<T>): Promise<T> => {
    if (session.transaction) return work();
    const release = await turns.take();
    try {
      await enterSchema(session);
      return await work();
    } finally {
      release();
    }
  };

  const enterSchema = async (session: Session) => {
    if (session.schema === searchPath) return;
    await db.exec(`SET search_path TO ${session.schema ?? 'public'}`);
    searchPath = session.schema;
  };

  const endTransaction = async (session: Session, statement: 'COMMIT' | 'ROLLBACK') => {
    const transaction = session.transaction!;
    clearTimeout(transaction.idle);
    session.transaction = null;
    try {
      await db.exec(statement);
    } finally {
      transaction.release();
    }
  };

  const keepAlive = (session: Session) => {
    if (!session.transaction) return;
    clearTimeout(session.transaction.idle);
    session.transaction.idle = setTimeout(() => {
      session.abandoned = true;
      void endTransaction(session, 'ROLLBACK').catch(() => undefined);
    }, idleTransactionMs);
  };

  const listen = async (session: Session, channel: string) => {
    session.channels.add(channel);
    const listening = listeners.get(channel);
    if (listening) return void listening.sessions.add(session);
    const sessions = new Set([session]);
    const entry: { sessions: Set<Session>; stop: () => Promise<void> } = { sessions, stop: async () => {} };
    listeners.set(channel, entry);
    entry.stop = await inTurn(session, () =>
      db.listen(channel, () => {
        for (const listener of sessions) writeFrame(listener.socket, { notify: channel } satisfies HostReply);
      }),
    );
  };

  const unlisten = async (session: Session, channel: string) => {
    session.channels.delete(channel);
    const listening = listeners.get(channel);
    if (!listening?.sessions.delete(session) || listening.sessions.size) return;
    listeners.delete(channel);
    await inTurn(session, listening.stop);
  };

  const answer = async (session: Session, request: HostRequest): Promise<unknown> => {
    if (session.abandoned && request.op !== 'rollback' && request.op !== 'open')
      throw refusal('the transaction was idle too long and was rolled back', '25P03');
    switch (request.op) {
      case 'open':
        if (!SQL_NAME.test(request.schema)) throw refusal(`bad schema name: ${request.schema}`, '3F000');
        session.schema = request.schema;
        return inTurn(session, () => db.exec(`CREATE SCHEMA IF NOT EXISTS ${request.schema}`));
      case 'query':
        keepAlive(session);
        return inTurn(session, () => db.query(request.sql, request.params));
      case 'exec':
        keepAlive(session);
        return inTurn(session, () => db.exec(request.sql));
      case 'begin': {
        if (session.transaction) throw refusal('a transaction is already open', '25001');
        const release = await turns.take();
        session.transaction = { release, idle: setTimeout(() => undefined, 0) };
        keepAlive(session);
        try {
          await enterSchema(session);
          await db.exec('BEGIN');
        } catch (error) {
          clearTimeout(session.transaction.idle);
          session.transaction = null;
          release();
          throw error;
        }
        return undefined;
      }
      case 'commit':
      case 'rollback':
        if (session.abandoned) {
          session.abandoned = false;
          if (request.op === 'commit')
            throw refusal('the transaction was idle too long and was rolled back', '25P03');
          return undefined;
        }
        if (!session.transaction) throw refusal('no transaction is open', '25P01');
        return endTransaction(session, request.op === 'commit' ? 'COMMIT' : 'ROLLBACK');
      case 'listen':
      case 'unlisten':
        if (!SQL_NAME.test(request.channel)) throw refusal(`bad channel name: ${request.channel}`, '42602');
        return request.op === 'listen'
          ? listen(session, request.channel)
          : unlisten(session, request.channel);
    }
  };

  const server = createServer((socket) => {
    const session: Session = {
      socket,
      schema: null,
      transaction: null,
      abandoned: false,
      channels: new Set(),
    };
    // A connection's requests are answered in the order sent, as a Postgres session's would be.
    let queue: Promise<void> = Promise.resolve();
    readFrames(socket, (message) => {
      const request = message as HostRequest;
      queue = queue.then(async () => {
        let reply: HostReply;
        try {
          reply = { id: request.id, result: await answer(session, request) };
        } catch (error) {
          reply = { id: request.id, error: hostError(error) };
        }
        if (!socket.destroyed) writeFrame(socket, reply);
      });
    });
    socket.on('error', () => undefined);
    // A service gone mid-transaction: what it began is undone, and the others have their turn again.
    socket.on('close', () => {
      queue = queue.then(async () => {
        if (session.transaction) await endTransaction(session, 'ROLLBACK').catch(() => undefined);
        for (const channel of [...session.channels]) await unlisten(session, channel).catch(() => undefined);
      });
    });
  });
  // A host that was killed leaves its socket file behind; nothing else serves this path.
  rmSync(socketPath, { force: true });
  mkdirSync(path.dirname(socketPath), { recursive: true });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve(server));
  });
}
