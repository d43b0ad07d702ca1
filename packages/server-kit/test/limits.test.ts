import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import path from 'node:path';
import type { Redis } from 'ioredis';
import {
  connectRedis,
  FailureBackoff,
  Limiter,
  memoryLimits,
  openServiceDatabase,
  postgresLimits,
  redisLimits,
  type Database,
  type LimitStore,
} from '../src';
import { silentLogger } from '../src/testing';
import { migrate } from '../src/migrations';

const migrations = path.join(__dirname, 'fixtures/migrations');
const window = { limit: 3, windowMs: 60_000 };

/** Two instances of one service, each with its own connection to the store, spending one budget. */
async function attemptsAllowed(instances: [LimitStore, LimitStore], name: string): Promise<number> {
  const [a, b] = instances.map((store) => new Limiter(name, window, store));
  let allowed = 0;
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const limiter = attempt % 2 === 0 ? a! : b!;
    if ((await limiter.hit('203.0.113.9')) === null) allowed += 1;
  }
  return allowed;
}

const uniqueName = () => `test-${randomBytes(4).toString('hex')}`;

describe('rate limits across instances', () => {
  it('in memory, each instance counts alone: fine for one process, twice the limit for two', async () => {
    expect(await attemptsAllowed([memoryLimits, memoryLimits], uniqueName())).toBe(6);
  });

  const postgresUrl = process.env.TEST_DATABASE_URL;
  (postgresUrl ? it : it.skip)('in PostgreSQL, two instances share one budget', async () => {
    const schema = `test_${randomBytes(4).toString('hex')}_limits`;
    const instances: Database[] = [];
    try {
      for (let i = 0; i < 2; i += 1)
        instances.push(await openServiceDatabase('svc', postgresUrl, { schema }));
      await migrate(instances[0]!, migrations);
      expect(
        await attemptsAllowed([postgresLimits(instances[0]!), postgresLimits(instances[1]!)], uniqueName()),
      ).toBe(3);
    } finally {
      await instances[0]?.exec(`DROP SCHEMA ${schema} CASCADE`);
      await Promise.all(instances.map((db) => db.close()));
    }
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  (redisUrl ? it : it.skip)('in Redis, two instances share one budget', async () => {
    const clients: Redis[] = await Promise.all([
      connectRedis(redisUrl!, silentLogger()),
      connectRedis(redisUrl!, silentLogger()),
    ]);
    try {
      await Promise.all(clients.map((client) => once(client, 'ready')));
      expect(
        await attemptsAllowed(
          [redisLimits(clients[0]!, 'svc'), redisLimits(clients[1]!, 'svc')],
          uniqueName(),
        ),
      ).toBe(3);
    } finally {
      for (const client of clients) client.disconnect();
    }
  });

  it('with Redis unreachable, each instance still limits on its own instead of failing', async () => {
    // Nothing listens on the discard port: every command fails at once.
    const client = await connectRedis('redis://127.0.0.1:9', silentLogger());
    try {
      const limiter = new Limiter(uniqueName(), window, redisLimits(client, 'svc'));
      const answers = [];
      for (let attempt = 0; attempt < 5; attempt += 1) answers.push(await limiter.hit('203.0.113.9'));
      expect(answers.slice(0, 3)).toEqual([null, null, null]);
      expect(answers[3]).toBeGreaterThan(0);
    } finally {
      client.disconnect();
    }
  });
});

describe('failures slowed, not refused', () => {
  const options = { freeFailures: 2, windowMs: 60_000, maxDelayMs: 4_000 };

  /** The waits after each of `failures` failures, on instances taken in turn. */
  async function waitsAfterFailures(backoffs: FailureBackoff[], failures: number) {
    const waits: Array<number | null> = [];
    for (let failure = 0; failure < failures; failure += 1) {
      await backoffs[failure % backoffs.length]!.fail('email:owner@lab.example');
      waits.push(await backoffs[(failure + 1) % backoffs.length]!.wait('email:owner@lab.example'));
    }
    return waits;
  }

  it('lets the free failures through, then doubles the wait with each failure up to the longest', async () => {
    const backoff = new FailureBackoff(uniqueName(), options, memoryLimits);
    expect(await waitsAfterFailures([backoff], 6)).toEqual([null, null, 1, 2, 4, 4]);
    await backoff.forget('email:owner@lab.example');
    expect(await backoff.wait('email:owner@lab.example')).toBeNull();
    expect(await waitsAfterFailures([backoff], 3)).toEqual([null, null, 1]);
  });

  it('lets a key try again once its wait has passed', async () => {
    const backoff = new FailureBackoff(uniqueName(), { ...options, freeFailures: 0 }, memoryLimits);
    await backoff.fail('email:owner@lab.example');
    expect(await backoff.wait('email:owner@lab.example')).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await backoff.wait('email:owner@lab.example')).toBeNull();
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  (redisUrl ? it : it.skip)('in Redis, a failure at one instance holds the key at the other', async () => {
    const clients: Redis[] = await Promise.all([
      connectRedis(redisUrl!, silentLogger()),
      connectRedis(redisUrl!, silentLogger()),
    ]);
    try {
      await Promise.all(clients.map((client) => once(client, 'ready')));
      const name = uniqueName();
      const backoffs = clients.map((client) => new FailureBackoff(name, options, redisLimits(client, 'svc')));
      expect(await waitsAfterFailures(backoffs, 5)).toEqual([null, null, 1, 2, 4]);
    } finally {
      for (const client of clients) client.disconnect();
    }
  });
});
