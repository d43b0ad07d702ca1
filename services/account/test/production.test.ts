import path from 'node:path';
import { readServiceConfig } from '@storefront/server-kit';
import { startRefused } from '@storefront/server-kit/testing';
import { accountService } from '../src/definition';

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

describe('accounts in production, setting by setting', () => {
  const sound = {
    NODE_ENV: 'production',
    SERVICE_KEY: 'a-real-secret-of-enough-length-1234',
    DATABASE_URL: 'postgres://shop@db.internal:5432/shop',
    SITE_URL: 'https://shop.example',
    JWT_SECRET: 'a-real-signing-secret-of-32-characters-or-more',
    SMTP_URL: 'smtps://mailer:secret@smtp.example:465',
  };
  const refusal = (env: NodeJS.ProcessEnv) => {
    try {
      readServiceConfig(accountService, env);
      return '';
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('starts when every setting is sound', () => {
    expect(refusal(sound)).toBe('');
  });

  it('refuses the embedded database', () => {
    expect(refusal({ ...sound, DATABASE_URL: undefined })).toContain('DATABASE_URL: not set');
  });

  it('refuses a signing secret anyone could guess, however long', () => {
    expect(refusal({ ...sound, JWT_SECRET: 'a'.repeat(48) })).toContain('JWT_SECRET: one character repeated');
  });

  it.each(['SITE_URL', 'ACCOUNT_PUBLIC_URL'])(
    'refuses a %s on localhost, which confirmation emails would link to',
    (variable) => {
      expect(refusal({ ...sound, [variable]: 'http://localhost:3000' })).toContain(
        `${variable}: points at this machine (localhost)`,
      );
    },
  );
});
