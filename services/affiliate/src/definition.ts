import path from 'node:path';
import {
  createAccountSessions,
  DEFAULT_PORTS,
  Limiter,
  localUrl,
  secretRule,
  startRelay,
  url,
  type ServiceDefinition,
} from '@storefront/server-kit';
import { createCheckoutClient } from './checkout-client';
import { deliverCodeChanges } from './domain/code-projection';
import { z } from 'zod';
import { affiliateRoutes } from './app';
import { version } from '../package.json';

/** What a development stack uses when no operator credential is set: anyone here can read it. */
export const DEVELOPMENT_OPERATOR_TOKEN = 'development-operator-token-not-for-production';

const configShape = {
  ACCOUNT_SERVICE_URL: url().default(localUrl('account')),
  /** Where checkout keeps its projection of the program's codes (ADR 0018). */
  CHECKOUT_SERVICE_URL: url().default(localUrl('checkout')),
  CHECKOUT_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  /** How often code changes checkout has not taken are sent again (after an outage of checkout). */
  CODE_DELIVERY_INTERVAL_MS: z.coerce.number().int().positive().default(5000),
  /** Where an access token is checked: unset, the account service; or hosted Supabase, with its anon key. */
  AUTH_URL: url().optional(),
  AUTH_ANON_KEY: z.string().min(1).default('storefront-local-anon-key'),
  AUTH_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  /** The bearer credential of the /operator routes (and of `npm run affiliates`). */
  AFFILIATE_OPERATOR_TOKEN: z
    .string()
    .min(24, 'must be at least 24 characters')
    .default(DEVELOPMENT_OPERATOR_TOKEN),
  APPLICATION_LIMIT_PER_CLIENT: z.coerce.number().int().positive().default(5),
  OPERATOR_LIMIT_PER_CLIENT: z.coerce.number().int().positive().default(120),
  LIMIT_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60_000),
};

export const affiliateService: ServiceDefinition<typeof configShape> = {
  name: 'affiliate',
  version,
  defaultPort: DEFAULT_PORTS.affiliate,
  configShape,
  migrationsDir: path.join(__dirname, '../migrations'),
  productionRules: [
    secretRule('AFFILIATE_OPERATOR_TOKEN', {
      developmentDefault: DEVELOPMENT_OPERATOR_TOKEN,
      minBytes: 32,
      fix: 'set a random secret of at least 32 bytes, shared only with operators',
    }),
  ],
  start: ({ db, config, limits, logger, endpoints }) => {
    const checkout = createCheckoutClient(
      config.CHECKOUT_SERVICE_URL,
      config.SERVICE_KEY,
      config.CHECKOUT_TIMEOUT_MS,
      endpoints,
    );
    const codeDelivery = startRelay(
      () => deliverCodeChanges(db, checkout, logger),
      config.CODE_DELIVERY_INTERVAL_MS,
      (error) => logger.warn({ err: error }, 'code changes wait for checkout'),
    );
    const accounts = createAccountSessions(
      config.AUTH_URL ?? config.ACCOUNT_SERVICE_URL,
      config.AUTH_ANON_KEY,
      config.AUTH_TIMEOUT_MS,
    );
    const windowMs = config.LIMIT_WINDOW_MS;
    return {
      routes: affiliateRoutes({
        db,
        logger,
        accounts,
        checkout,
        operatorToken: config.AFFILIATE_OPERATOR_TOKEN,
        deliverCodeChanges: codeDelivery.nudge,
        limits: {
          applications: new Limiter(
            'applications',
            { limit: config.APPLICATION_LIMIT_PER_CLIENT, windowMs },
            limits,
          ),
          operator: new Limiter('operator', { limit: config.OPERATOR_LIMIT_PER_CLIENT, windowMs }, limits),
        },
      }),
      stop: () => {
        codeDelivery.stop();
        void Promise.all([accounts.close(), checkout.close()]);
      },
    };
  },
};
