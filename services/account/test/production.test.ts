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

  it('names each missing setting once, on PostgreSQL too', async () => {
    const { code, stderr } = await startRefused(path.join(__dirname, '../src/main.ts'), {
      NODE_ENV: 'production',
      PORT: '1',
      DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none',
    });
    expect(code).toBe(78);
    expect(stderr.match(/JWT_SECRET:/g)).toHaveLength(1);
    expect(stderr.match(/SMTP_URL:/g)).toHaveLength(1);
  });
});

describe('accounts on PostgreSQL', () => {
  it('refuse to start without a shared signing key, which every instance must have', async () => {
    const { code, stderr } = await startRefused(path.join(__dirname, '../src/main.ts'), {
      PORT: '1',
      DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none',
      SMTP_URL: 'smtp://127.0.0.1:9',
    });
    expect(code).toBe(78);
    expect(stderr).toContain('JWT_SECRET: required with DATABASE_URL');
    expect(stderr.match(/JWT_SECRET/g)).toHaveLength(1);
  });
});
