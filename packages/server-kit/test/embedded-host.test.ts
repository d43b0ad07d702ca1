import { mkdtempSync, rmSync } from 'node:fs';
import type { Server, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../src/database';
import { openHostedDatabase } from '../src/embedded-host/client';
import { embeddedDatabaseDir, embeddedDatabaseSocket } from '../src/embedded-host/location';
import { serveEmbeddedDatabase } from '../src/embedded-host/server';
import { openStackEmbeddedDatabase } from '../src/embedded-host/stack-database';
import { openPglite } from '../src/pglite';

/** One embedded database served on a socket, as npm start's host serves it, and services opening it. */
describe('the embedded database host', () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'embedded-host-'));
  const socketPath = path.join(folder, 'db.sock');
  const IDLE_MS = 1000;
  let engine: Database;
  let host: Server;
  /** The host's side of every connection, newest last: a service's process dying is its socket closing. */
  const connections: Socket[] = [];
  const serve = async () => {
    host = await serveEmbeddedDatabase(engine, socketPath, { idleTransactionMs: IDLE_MS });
    host.on('connection', (socket) => connections.push(socket));
  };
  const opened: Database[] = [];
  const service = async (schema: string) => {
    const db = await openHostedDatabase(socketPath, schema);
    opened.push(db);
    return db;
  };

  beforeAll(async () => {
    engine = await openPglite();
    await serve();
  });
  afterAll(async () => {
    await Promise.all(opened.map((db) => db.close()));
    await new Promise((resolve) => host.close(resolve));
    await engine.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('keeps each service in its own schema, as on PostgreSQL', async () => {
    const [catalog, checkout] = await Promise.all([service('catalog'), service('checkout')]);
    await catalog.exec('CREATE TABLE items (name text PRIMARY KEY)');
    await checkout.exec('CREATE TABLE items (name text PRIMARY KEY)');
    await catalog.query('INSERT INTO items VALUES ($1)', ['vial']);
    await checkout.query('INSERT INTO items VALUES ($1), ($2)', ['order 1', 'order 2']);

    expect((await catalog.query('SELECT name FROM items')).rows).toEqual([{ name: 'vial' }]);
    expect((await checkout.query('SELECT name FROM items ORDER BY name')).rows.length).toBe(2);
  });

  it('returns rows with the types PGlite gives in-process, and Postgres errors with their SQLSTATE', async () => {
    const db = await service('types');
    const { rows } = await db.query<{ at: Date; cents: number; bytes: Uint8Array }>(
      "SELECT timestamptz '2026-11-28T10:00:00Z' AS at, 4999::bigint AS cents, '\\x0102'::bytea AS bytes",
    );
    expect(rows[0]!.at).toEqual(new Date('2026-11-28T10:00:00Z'));
    expect(rows[0]!.cents).toBe(4999);
    expect([...rows[0]!.bytes]).toEqual([1, 2]);

    await db.exec('CREATE TABLE codes (code text PRIMARY KEY)');
    await db.query("INSERT INTO codes VALUES ('SAVE10')");
    await expect(db.query("INSERT INTO codes VALUES ('SAVE10')")).rejects.toMatchObject({
      code: '23505',
      constraint: 'codes_pkey',
    });
  });

  it('commits a transaction whole or not at all, and other services wait for it rather than join it', async () => {
    const [orders, other] = await Promise.all([service('orders'), service('other')]);
    await orders.exec('CREATE TABLE orders (id int PRIMARY KEY)');
    await other.exec('CREATE TABLE notes (id int)');
    const seen: string[] = [];

    await expect(
      orders.transaction(async (tx) => {
        await tx.query('INSERT INTO orders VALUES (1)');
        throw new Error('payment refused');
      }),
    ).rejects.toThrow('payment refused');
    expect((await orders.query('SELECT * FROM orders')).rows.length).toBe(0);

    const committed = orders.transaction(async (tx) => {
      await tx.query('INSERT INTO orders VALUES (2)');
      await sleep(100);
      seen.push('order committed');
    });
    await sleep(20);
    const waiting = other.query('INSERT INTO notes VALUES (1)').then(() => seen.push('note written'));
    await Promise.all([committed, waiting]);
    expect(seen).toEqual(['order committed', 'note written']);
    expect((await orders.query('SELECT id FROM orders')).rows).toEqual([{ id: 2 }]);
  });

  it('rolls back a transaction left idle, and lets the other services on', async () => {
    const [stuck, other] = await Promise.all([service('stuck'), service('bystander')]);
    await stuck.exec('CREATE TABLE t (id int)');
    const abandoned = stuck.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES (1)');
      await sleep(IDLE_MS * 3);
      await tx.query('INSERT INTO t VALUES (2)');
    });
    const started = Date.now();
    await other.query('SELECT 1');
    expect(Date.now() - started).toBeLessThan(IDLE_MS * 2.5);
    await expect(abandoned).rejects.toMatchObject({ code: '25P03' });
    expect((await stuck.query('SELECT * FROM t')).rows.length).toBe(0);
  });

  it('undoes what a service that went away had begun, and lets the others on', async () => {
    const [gone, other] = await Promise.all([service('gone'), service('survivor')]);
    await gone.exec('CREATE TABLE t (id int)');
    const unfinished = gone.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES (1)');
      // The transaction's connection is the newest: its process is gone.
      connections.at(-1)!.destroy();
    });
    await expect(unfinished).rejects.toMatchObject({ code: 'ECONNRESET' });
    // At once, not once the transaction would have idled too long.
    const started = Date.now();
    await other.query('SELECT 1');
    expect(Date.now() - started).toBeLessThan(IDLE_MS / 2);
    expect((await gone.query('SELECT * FROM t')).rows.length).toBe(0);
  });

  it('tells a listener of each NOTIFY, from any service', async () => {
    const [listener, notifier] = await Promise.all([service('listener'), service('notifier')]);
    let heard = 0;
    const stop = await listener.listen('catalog_changed', () => heard++);
    await notifier.transaction(async (tx) => {
      await tx.query('NOTIFY catalog_changed');
    });
    for (let waited = 0; heard === 0 && waited < 2000; waited += 20) await sleep(20);
    expect(heard).toBe(1);
    await stop();
    await notifier.query('NOTIFY catalog_changed');
    await sleep(100);
    expect(heard).toBe(1);
  });

  it('refuses a service it cannot serve at once, rather than after the minute it waits for a host to start', async () => {
    const started = Date.now();
    const connectionsBefore = connections.length;
    await expect(openHostedDatabase(socketPath, 'not a name; DROP SCHEMA catalog')).rejects.toMatchObject({
      code: '3F000',
    });
    expect(Date.now() - started).toBeLessThan(1000);
    // Nor does it try again: the connection it ended was never open, so nothing was lost.
    await sleep(300);
    expect(connections.length).toBe(connectionsBefore + 1);
  });

  it('reads as an unreachable database while the host is away, and is back once it is', async () => {
    const db = await service('outage');
    let told = 0;
    await db.listen('outage_channel', () => told++);
    await new Promise((resolve) => {
      host.close(resolve);
      // Closing the server keeps the connections it has; a stopped host drops them.
      for (const socket of connections) socket.destroy();
    });
    await expect(db.query('SELECT 1')).rejects.toMatchObject({ code: 'ECONNRESET' });
    await serve();
    for (let waited = 0; told === 0 && waited < 3000; waited += 20) await sleep(20);
    expect(told).toBe(1);
    expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });
});

describe("an operator's command on the stack's embedded database", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'embedded-stack-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('opens its folder while no stack runs, and goes through the host while one does', async () => {
    const alone = await openStackEmbeddedDatabase(dataDir, 'checkout');
    await alone.exec("CREATE TABLE codes (code text); INSERT INTO codes VALUES ('ACME-LABS')");
    await alone.close();

    const engine = await openPglite(embeddedDatabaseDir(dataDir));
    const host = await serveEmbeddedDatabase(engine, embeddedDatabaseSocket(dataDir));
    const served: string[] = [];
    host.on('connection', () => served.push('connection'));
    try {
      const throughHost = await openStackEmbeddedDatabase(dataDir, 'checkout');
      expect((await throughHost.query('SELECT code FROM codes')).rows).toEqual([{ code: 'ACME-LABS' }]);
      expect(served.length).toBeGreaterThan(0);
      await throughHost.close();
    } finally {
      await new Promise((resolve) => host.close(resolve));
      await engine.close();
    }
  });
});

describe("the host's socket", () => {
  it('is in the run folder, or in the temporary folder for a data folder too deep, one per data folder', () => {
    expect(embeddedDatabaseSocket('/srv/shop/.data')).toBe('/srv/shop/.data/run/embedded-database.sock');
    const deep = `/srv/${'a-very-long-folder-name/'.repeat(5)}.data`;
    const other = `/srv/${'another-long-folder-name/'.repeat(5)}.data`;
    expect(embeddedDatabaseSocket(deep).length).toBeLessThanOrEqual(100);
    expect(embeddedDatabaseSocket(deep)).toBe(embeddedDatabaseSocket(deep));
    expect(embeddedDatabaseSocket(deep)).not.toBe(embeddedDatabaseSocket(other));
  });
});
