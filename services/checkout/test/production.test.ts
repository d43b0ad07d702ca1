import path from 'node:path';
import { memoryLimits, NO_EDGE, readServiceConfig } from '@storefront/server-kit';
import {
  openTestDatabase,
  silentLogger,
  startRefused,
  testDatabaseKinds,
  type TestDatabase,
} from '@storefront/server-kit/testing';
import { checkoutService } from '../src/definition';
import {
  addAffiliate,
  DEMO_AFFILIATE,
  disableAffiliate,
  findAffiliateDiscount,
} from '../src/store/affiliates-store';

/** Every production setting set as a real deployment would; a test then spoils one. */
const SOUND_PRODUCTION = {
  NODE_ENV: 'production',
  SERVICE_KEY: 'a-real-secret-of-enough-length-1234',
  DATABASE_URL: 'postgres://shop@db.internal:5432/shop',
  SITE_URL: 'https://shop.example',
  SQUARE_ENVIRONMENT: 'production',
  SQUARE_ACCESS_TOKEN: 'EAAA-real',
  SQUARE_LOCATION_ID: 'L-REAL',
  SQUARE_WEBHOOK_SIGNATURE_KEY: 'real-signature-key',
  SQUARE_WEBHOOK_NOTIFICATION_URL: 'https://shop.example/api/checkout/webhooks/square',
};

/** What the service refuses to start with, as it would tell the operator. */
function refusal(env: NodeJS.ProcessEnv): string {
  try {
    readServiceConfig(checkoutService, env);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('checkout in production', () => {
  it('refuses to start on the sandbox defaults, naming every setting to change', async () => {
    const { code, stderr } = await startRefused(path.join(__dirname, '../src/main.ts'), {
      NODE_ENV: 'production',
      PORT: '1',
    });
    expect(code).toBe(78);
    for (const variable of [
      'SERVICE_KEY',
      'SQUARE_ENVIRONMENT',
      'SQUARE_ACCESS_TOKEN',
      'SQUARE_LOCATION_ID',
      'SQUARE_WEBHOOK_SIGNATURE_KEY',
    ]) {
      expect(stderr).toContain(`${variable}: left at its development default`);
    }
  });

  it('starts when every setting is sound', () => {
    expect(refusal(SOUND_PRODUCTION)).toBe('');
  });

  it('names only what is still missing once the rest is set', () => {
    const message = refusal({ ...SOUND_PRODUCTION, SQUARE_WEBHOOK_SIGNATURE_KEY: undefined });
    expect(message).toContain('SQUARE_WEBHOOK_SIGNATURE_KEY: left at its development default');
    expect(message.match(/^ {2}- /gm)).toHaveLength(1);
  });

  it('refuses the public demo affiliate code', () => {
    expect(refusal({ ...SOUND_PRODUCTION, DEMO_AFFILIATE_CODE: 'true' })).toContain(
      'DEMO_AFFILIATE_CODE: left at its development default',
    );
  });

  it('refuses the embedded database, which would also seed the demo code', () => {
    expect(refusal({ ...SOUND_PRODUCTION, DATABASE_URL: undefined })).toContain(
      'DATABASE_URL: not set, so the embedded development database',
    );
  });

  it.each(['SITE_URL', 'SQUARE_WEBHOOK_NOTIFICATION_URL'])(
    'refuses a %s on this machine, where payment pages would send shoppers back',
    (variable) => {
      for (const local of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
        const message = refusal({ ...SOUND_PRODUCTION, [variable]: `${local}/api/checkout/webhooks/square` });
        expect(message).toContain(`${variable}: points at this machine (localhost)`);
        expect(message.match(/^ {2}- /gm)).toHaveLength(1);
      }
    },
  );

  it.each([
    ['http://localhost.:3000', 'points at this machine (localhost)'],
    ['http://[::ffff:127.0.0.1]:3000', 'points at this machine (localhost)'],
    ['http://2130706433:3000', 'points at this machine (localhost)'],
    ['http://shop.example', 'is not an https:// address'],
  ])('refuses SITE_URL %s: it %s', (address, problem) => {
    expect(refusal({ ...SOUND_PRODUCTION, SITE_URL: address })).toContain(`SITE_URL: ${problem}`);
  });

  it.each([
    ['https://admin:hunter2@shop.example', 'carries a user name or password'],
    ['https://shop.example:0', 'names port 0'],
    ['https://203.0.113.9', 'is an IP address'],
    ['https://[::127.0.0.1]', 'is an IP address'],
    ['https://127.0.0.1.nip.io', 'is under a wildcard DNS service'],
    ['https://shop.203-0-113-9.sslip.io.', 'is under a wildcard DNS service'],
  ])('refuses SITE_URL %s: it %s', (address, problem) => {
    expect(refusal({ ...SOUND_PRODUCTION, SITE_URL: address })).toContain(`SITE_URL: ${problem}`);
  });

  it.each([
    ['SERVICE_KEY', 'short-but-24-characters!', 'shorter than 32 bytes'],
    ['SERVICE_KEY', 'x'.repeat(64), 'one character repeated'],
    ['SQUARE_WEBHOOK_SIGNATURE_KEY', 'fifteen-chars!!', 'shorter than 16 bytes'],
    ['SQUARE_WEBHOOK_SIGNATURE_KEY', '0'.repeat(32), 'one character repeated'],
  ])('refuses a weak %s (%p): %s', (variable, secret, problem) => {
    expect(refusal({ ...SOUND_PRODUCTION, [variable]: secret })).toContain(`${variable}: ${problem}`);
  });

  it.each(['prod', 'staging', 'production;', 'production\u200b', 'produсtion'])(
    'refuses to start with NODE_ENV=%p, which would skip every production rule',
    (nodeEnv) => {
      expect(refusal({ ...SOUND_PRODUCTION, NODE_ENV: nodeEnv })).toContain(
        'NODE_ENV: must be one of development, test, production',
      );
    },
  );

  it.each(['Production', 'PRODUCTION', ' production '])(
    'holds NODE_ENV=%p to every production rule',
    (nodeEnv) => {
      expect(refusal({ ...SOUND_PRODUCTION, NODE_ENV: nodeEnv })).toBe('');
      expect(refusal({ ...SOUND_PRODUCTION, NODE_ENV: nodeEnv, SERVICE_KEY: undefined })).toContain(
        'SERVICE_KEY: left at its development default',
      );
    },
  );
});

describe.each(testDatabaseKinds())(
  'checkout in production, on a database seeded in development (%s)',
  (kind) => {
    let database: TestDatabase;
    beforeEach(async () => {
      database = await openTestDatabase(kind, path.join(__dirname, '../migrations'));
    });
    afterEach(() => database.dispose());

    const productionStart = () =>
      checkoutService.seed!({
        config: readServiceConfig(checkoutService, SOUND_PRODUCTION),
        db: database.db,
        logger: silentLogger(),
        limits: memoryLimits,
        endpoints: null,
        edge: NO_EDGE,
      });

    it('refuses to start while the public demo code is active, and starts once it is disabled', async () => {
      await addAffiliate(database.db, DEMO_AFFILIATE);
      await expect(productionStart()).rejects.toThrow(
        'affiliates: the public demo code RESEARCH10 is active in this database (seeded in development); disable it with npm run affiliate-codes -- disable RESEARCH10',
      );
      await disableAffiliate(database.db, DEMO_AFFILIATE.code);
      await expect(productionStart()).resolves.toBeUndefined();
      expect(await findAffiliateDiscount(database.db, DEMO_AFFILIATE.code)).toBeNull();
    });

    (kind === 'postgres' ? it : it.skip)('exits 78 naming the demo code, as for a bad setting', async () => {
      await addAffiliate(database.db, DEMO_AFFILIATE);
      const { rows } = await database.db.query<{ schema: string }>('SELECT current_schema() AS schema');
      const { code, stderr } = await startRefused(path.join(__dirname, '../src/main.ts'), {
        ...SOUND_PRODUCTION,
        DATABASE_URL: process.env.TEST_DATABASE_URL!,
        DATABASE_SCHEMA: rows[0]!.schema,
        PORT: '1',
      });
      expect(code).toBe(78);
      expect(stderr).toContain('the public demo code RESEARCH10 is active in this database');
    });
  },
);
