import path from 'node:path';
import {
  DEFAULT_PORTS,
  DEFAULT_SITE_URL,
  defaultDataDir,
  developmentSecret,
  optionalUrl,
  publicAddressRule,
  secretRule,
  url,
  type ServiceDefinition,
} from '@storefront/server-kit';
import { z } from 'zod';
import { accountRoutes } from './app';
import { accountLimits } from './limits';
import { devMailbox, smtpMailer } from './mailer';
import { AccessTokens } from './tokens';
import { version } from '../package.json';

const configShape = {
  SITE_URL: url().default(DEFAULT_SITE_URL),
  /** Where this service is reached from outside; defaults to the shell's proxy, {SITE_URL}/api/account. */
  ACCOUNT_PUBLIC_URL: optionalUrl(),
  /**
   * HS256 signing key (at least 32 characters), the same for every instance: a session issued by one is
   * refreshed by another. Required with DATABASE_URL; only the embedded single-process default may
   * generate one and keep it under the data folder.
   */
  JWT_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32).optional()),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(3600),
  SMTP_URL: optionalUrl(),
  /**
   * Keep emails in a mailbox page instead of sending them. It shows every confirmation link, so it is on
   * only where the embedded development database is used outside production, unless set explicitly,
   * and production refuses it.
   */
  DEV_MAILBOX: z.enum(['true', 'false']).optional(),
  MAIL_FROM: z.string().default('Helix Research <no-reply@helix-research.example>'),
  SIGN_IN_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(10),
  SIGN_IN_LIMIT_PER_CLIENT: z.coerce.number().int().positive().default(50),
  /**
   * Failed sign-ins at one account, from every address together, that cost no wait within
   * SIGN_IN_BACKOFF_WINDOW_MS; each one past them holds the account's sign-ins twice as long as the one
   * before, up to SIGN_IN_MAX_DELAY_MS (a guesser with many addresses is slowed, the owner never locked out).
   */
  SIGN_IN_FREE_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(0).default(20),
  SIGN_IN_BACKOFF_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 60 * 60_000),
  SIGN_IN_MAX_DELAY_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60_000),
  SIGN_UP_LIMIT_PER_CLIENT: z.coerce.number().int().positive().default(20),
  AUTH_LIMIT_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60_000),
  RESEND_INTERVAL_MS: z.coerce.number().int().positive().default(60_000),
  REFRESH_TOKEN_REUSE_INTERVAL_MS: z.coerce.number().int().min(0).default(10_000),
};

/** Where the embedded default keeps its generated signing key, under the data folder. */
const JWT_SECRET_FILE = 'account-jwt-secret';

/** Emails kept in the development mailbox instead of sent: as set, else only on the embedded default outside production. */
function usesDevMailbox(config: { DEV_MAILBOX?: 'true' | 'false'; DATABASE_URL?: string; NODE_ENV: string }) {
  return config.DEV_MAILBOX
    ? config.DEV_MAILBOX === 'true'
    : !config.DATABASE_URL && config.NODE_ENV !== 'production';
}

export const accountService: ServiceDefinition<typeof configShape> = {
  name: 'account',
  version,
  defaultPort: DEFAULT_PORTS.account,
  configShape,
  migrationsDir: path.join(__dirname, '../migrations'),
  productionRules: [
    publicAddressRule('SITE_URL'),
    publicAddressRule('ACCOUNT_PUBLIC_URL'),
    {
      variable: 'JWT_SECRET',
      unsafe: (config) => !config.JWT_SECRET,
      fix: 'set a random secret of at least 32 bytes, the same for every account instance (a generated one would differ between instances)',
    },
    secretRule('JWT_SECRET', {
      minBytes: 32,
      fix: 'set a random secret of at least 32 bytes, the same for every account instance',
    }),
    {
      variable: 'DEV_MAILBOX',
      unsafe: (config) => config.DEV_MAILBOX === 'true',
      fix: 'the development mailbox shows every confirmation link to anyone; set SMTP_URL instead',
    },
    {
      variable: 'SMTP_URL',
      unsafe: (config) => !config.SMTP_URL,
      fix: 'set the SMTP server that sends confirmation emails',
    },
  ],
  requirements: (config) => [
    ...(config.DATABASE_URL && !config.JWT_SECRET
      ? [
          'JWT_SECRET: required with DATABASE_URL: every account instance must sign sessions with the same key (a generated one would differ between instances)',
        ]
      : []),
    ...(!config.SMTP_URL && !usesDevMailbox(config)
      ? ['SMTP_URL: required to send confirmation emails (or DEV_MAILBOX=true on a development machine)']
      : []),
  ],
  start: ({ db, config, logger, limits }) => {
    const secret =
      config.JWT_SECRET ?? developmentSecret(config.STOREFRONT_DATA_DIR ?? defaultDataDir(), JWT_SECRET_FILE);
    const useDevMailbox = usesDevMailbox(config);
    const settings = {
      siteUrl: config.SITE_URL,
      publicUrl: config.ACCOUNT_PUBLIC_URL ?? `${config.SITE_URL}/api/account`,
      signInLimitPerEmail: config.SIGN_IN_LIMIT_PER_EMAIL,
      signInLimitPerClient: config.SIGN_IN_LIMIT_PER_CLIENT,
      signInBackoff: {
        freeFailures: config.SIGN_IN_FREE_FAILURES_PER_ACCOUNT,
        windowMs: config.SIGN_IN_BACKOFF_WINDOW_MS,
        maxDelayMs: config.SIGN_IN_MAX_DELAY_MS,
      },
      signUpLimitPerClient: config.SIGN_UP_LIMIT_PER_CLIENT,
      limitWindowMs: config.AUTH_LIMIT_WINDOW_MS,
      resendIntervalMs: config.RESEND_INTERVAL_MS,
      refreshReuseIntervalMs: config.REFRESH_TOKEN_REUSE_INTERVAL_MS,
    };
    const parts = {
      db,
      tokens: new AccessTokens(secret, config.ACCESS_TOKEN_TTL_SECONDS),
      mailer:
        config.SMTP_URL && !useDevMailbox
          ? smtpMailer(config.SMTP_URL, config.MAIL_FROM)
          : devMailbox(db, logger),
      logger,
      settings,
      limits: accountLimits(settings, limits),
    };
    return { routes: accountRoutes(parts) };
  },
};
