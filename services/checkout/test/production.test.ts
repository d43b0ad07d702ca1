import path from 'node:path';
import { startRefused } from '@storefront/service-kit/testing';

const main = path.join(__dirname, '../src/main.ts');

describe('checkout in production', () => {
  it('refuses to start on the sandbox defaults, naming every setting to change', async () => {
    const { code, stderr } = await startRefused(main, { NODE_ENV: 'production', PORT: '1' });
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

  it('names only what is still missing once the rest is set', async () => {
    const { code, stderr } = await startRefused(main, {
      NODE_ENV: 'production',
      PORT: '1',
      SERVICE_KEY: 'a-real-secret-of-enough-length-1234',
      SQUARE_ENVIRONMENT: 'production',
      SQUARE_ACCESS_TOKEN: 'EAAA-real',
      SQUARE_LOCATION_ID: 'L-REAL',
    });
    expect(code).toBe(78);
    expect(stderr).toContain('SQUARE_WEBHOOK_SIGNATURE_KEY: left at its development default');
    expect(stderr).not.toContain('SERVICE_KEY: left');
    expect(stderr).not.toContain('SQUARE_ENVIRONMENT');
  });

  it('refuses the public demo affiliate code', async () => {
    const { code, stderr } = await startRefused(main, {
      NODE_ENV: 'production',
      PORT: '1',
      DEMO_AFFILIATE_CODE: 'true',
    });
    expect(code).toBe(78);
    expect(stderr).toContain('DEMO_AFFILIATE_CODE: left at its development default');
  });
});
