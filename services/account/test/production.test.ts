import path from 'node:path';
import { startRefused } from '@storefront/service-kit/testing';

describe('accounts in production', () => {
  it('refuses a generated signing key, the development mailbox and no SMTP, naming each', async () => {
    const { code, stderr } = await startRefused(path.join(__dirname, '../src/main.ts'), {
      NODE_ENV: 'production',
      PORT: '1',
      DEV_MAILBOX: 'true',
    });
    expect(code).toBe(78);
    for (const variable of ['SERVICE_KEY', 'JWT_SECRET', 'DEV_MAILBOX', 'SMTP_URL']) {
      expect(stderr).toContain(`${variable}: left at its development default`);
    }
  });
});
