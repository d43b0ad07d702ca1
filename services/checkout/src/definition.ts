import path from 'node:path';
import {
  ConfigError,
  DEFAULT_PORTS,
  DEFAULT_SITE_URL,
  Limiter,
  startRelay,
  localUrl,
  publicAddressRule,
  secretRule,
  shopName,
  url,
  type ServiceDefinition,
} from '@storefront/server-kit';
import { z } from 'zod';
import { checkoutRoutes } from './app';
import { createAccountSessions } from '@storefront/server-kit';
import { createProgramInbox } from './affiliate-program';
import { deliverProgramEvents } from './domain/report-to-program';
import { createCatalogPricing } from './catalog-client';
import { createSquareGateway } from './payments/square-gateway';
import { addAffiliate, DEMO_AFFILIATE, findAffiliateDiscount } from './store/affiliates-store';
import { version } from '../package.json';

/** The local payment sandbox's settings: the development defaults, which production refuses. */
const SANDBOX_DEFAULTS = {
  accessToken: 'sandbox-access-token',
  locationId: 'SANDBOX-LOCATION',
  signatureKey: 'sandbox-signature-key',
};

const configShape = {
  /**
   * Seed the demo affiliate code RESEARCH10 (10 % off), for trying the shop. By default only the embedded
   * development database gets it (a real database starts empty); `npm start` asks for it on PostgreSQL
   * too, and production refuses it: anyone reading this repository knows the code.
   */
  DEMO_AFFILIATE_CODE: z.enum(['true', 'false']).optional(),
  AFFILIATE_LOOKUP_LIMIT: z.coerce.number().int().positive().default(10),
  AFFILIATE_LOOKUP_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  /** Orders one client may create per window: each is a payment link made at Square. */
  ORDER_LIMIT_PER_CLIENT: z.coerce.number().int().positive().default(20),
  ORDER_LIMIT_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 60_000),
  /**
   * Carts one client may have priced per window: each is a call to the catalog. A shopper editing a
   * cart asks for one per change, a few a minute; a script asking thousands a second meets it.
   */
  CART_QUOTE_LIMIT_PER_CLIENT: z.coerce.number().int().positive().default(240),
  CART_QUOTE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  /**
   * Carts one client may begin per window (an addition without a cart of its own): a household or a
   * lab behind one address begins a few an hour; a script making one per request meets it.
   */
  NEW_CART_LIMIT_PER_CLIENT: z.coerce.number().int().positive().default(60),
  NEW_CART_LIMIT_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60_000),
  CATALOG_SERVICE_URL: url().default(localUrl('catalog')),
  ACCOUNT_SERVICE_URL: url().default(localUrl('account')),
  /** The affiliate program, told of links followed and orders paid or reversed (ADR 0019). */
  AFFILIATE_SERVICE_URL: url().default(localUrl('affiliate')),
  /** How often events the program has not taken are sent again (after an outage of the program). */
  PROGRAM_DELIVERY_INTERVAL_MS: z.coerce.number().int().positive().default(5000),
  /**
   * Where a signed-in shopper's access token is checked (GET /auth/v1/user), to hand them their cart:
   * unset, the account service (found as every service is, by ACCOUNT_SERVICE_URL); or hosted Supabase,
   * with its anon key.
   */
  AUTH_URL: url().optional(),
  AUTH_ANON_KEY: z.string().min(1).default('storefront-local-anon-key'),
  CATALOG_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  /** The storefront's public origin: Square sends shoppers back to {SITE_URL}/success. */
  SITE_URL: url().default(DEFAULT_SITE_URL),
  /** The seller its invoices name. */
  SHOP_NAME: shopName(),
  /**
   * 'sandbox', 'production', or a base URL. The defaults below all point at the local payment sandbox
   * (stand-ins/payment-sandbox); a real deployment sets every SQUARE_ variable.
   */
  SQUARE_ENVIRONMENT: z
    .union([z.enum(['sandbox', 'production']), url()])
    .default(localUrl('payment-sandbox')),
  SQUARE_ACCESS_TOKEN: z.string().min(1).default(SANDBOX_DEFAULTS.accessToken),
  SQUARE_LOCATION_ID: z.string().min(1).default(SANDBOX_DEFAULTS.locationId),
  SQUARE_WEBHOOK_SIGNATURE_KEY: z.string().min(1).default(SANDBOX_DEFAULTS.signatureKey),
  SQUARE_WEBHOOK_NOTIFICATION_URL: url().default(`${DEFAULT_SITE_URL}/api/checkout/webhooks/square`),
  // Creating a link is idempotent (keyed by the order id), so one retry of a 5xx or 429 is safe; more
  // would keep a shopper waiting on the Complete button for longer than a retry of their own.
  SQUARE_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(1),
  SQUARE_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(15),
};

export const checkoutService: ServiceDefinition<typeof configShape> = {
  name: 'checkout',
  version,
  defaultPort: DEFAULT_PORTS.checkout,
  configShape,
  migrationsDir: path.join(__dirname, '../migrations'),
  seed: async ({ db, config }) => {
    // Production reads the data too, not only its settings: a database seeded in development keeps the
    // public demo code, which anyone reading this repository could use.
    if (config.NODE_ENV === 'production') {
      if (await findAffiliateDiscount(db, DEMO_AFFILIATE.code))
        throw new ConfigError('checkout', [
          `affiliates: the public demo code ${DEMO_AFFILIATE.code} is active in this database (seeded in development); disable it with npm run affiliate-codes -- disable ${DEMO_AFFILIATE.code}`,
        ]);
      return;
    }
    const demo = config.DEMO_AFFILIATE_CODE ? config.DEMO_AFFILIATE_CODE === 'true' : db.kind === 'pglite';
    if (demo) await addAffiliate(db, DEMO_AFFILIATE);
  },
  productionRules: [
    publicAddressRule('SITE_URL'),
    publicAddressRule('SQUARE_WEBHOOK_NOTIFICATION_URL'),
    {
      variable: 'DEMO_AFFILIATE_CODE',
      unsafe: (config) => config.DEMO_AFFILIATE_CODE === 'true',
      fix: 'the demo code is public (it is in this repository); leave DEMO_AFFILIATE_CODE unset and add real codes with npm run affiliate-codes',
    },
    {
      variable: 'SQUARE_ENVIRONMENT',
      unsafe: (config) => config.SQUARE_ENVIRONMENT !== 'production',
      fix: "set 'production': anything else takes no real payments",
    },
    {
      variable: 'SQUARE_ACCESS_TOKEN',
      unsafe: (config) => config.SQUARE_ACCESS_TOKEN === SANDBOX_DEFAULTS.accessToken,
      fix: "set the production access token of the shop's Square application",
    },
    {
      variable: 'SQUARE_LOCATION_ID',
      unsafe: (config) => config.SQUARE_LOCATION_ID === SANDBOX_DEFAULTS.locationId,
      fix: "set the Square location that takes the shop's payments",
    },
    secretRule('SQUARE_WEBHOOK_SIGNATURE_KEY', {
      developmentDefault: SANDBOX_DEFAULTS.signatureKey,
      minBytes: 16,
      fix: "set the signature key of the webhook subscription in Square's dashboard",
    }),
  ],
  start: ({ db, config, logger, limits, endpoints }) => {
    const pricing = createCatalogPricing(
      config.CATALOG_SERVICE_URL,
      config.CATALOG_TIMEOUT_MS,
      config.SERVICE_KEY,
      config.SERVICE_OUTAGE_HOLD_MS,
      endpoints,
    );
    const payments = createSquareGateway(
      {
        environment: config.SQUARE_ENVIRONMENT,
        accessToken: config.SQUARE_ACCESS_TOKEN,
        locationId: config.SQUARE_LOCATION_ID,
        siteUrl: config.SITE_URL,
        maxRetries: config.SQUARE_MAX_RETRIES,
        timeoutSeconds: config.SQUARE_TIMEOUT_SECONDS,
      },
      logger,
    );
    const accounts = createAccountSessions(
      config.AUTH_URL ?? config.ACCOUNT_SERVICE_URL,
      config.AUTH_ANON_KEY,
      config.CATALOG_TIMEOUT_MS,
    );
    const program = createProgramInbox(
      config.AFFILIATE_SERVICE_URL,
      config.SERVICE_KEY,
      config.CATALOG_TIMEOUT_MS,
      endpoints,
    );
    const programEvents = startRelay(
      () => deliverProgramEvents(db, program),
      config.PROGRAM_DELIVERY_INTERVAL_MS,
      (error) => logger.warn({ err: error }, 'program events wait for the affiliate service'),
    );
    return {
      stop: () => {
        programEvents.stop();
        void Promise.all([pricing.close(), accounts.close(), program.close()]);
      },
      routes: checkoutRoutes({
        db,
        pricing,
        accounts,
        cookies: { secure: config.SITE_URL.startsWith('https:'), signingKey: config.SERVICE_KEY },
        payments,
        programEvents,
        logger,
        outageHoldMs: config.SERVICE_OUTAGE_HOLD_MS,
        shopName: config.SHOP_NAME,
        limits: {
          affiliateAttempts: new Limiter(
            'affiliate-attempts',
            { limit: config.AFFILIATE_LOOKUP_LIMIT, windowMs: config.AFFILIATE_LOOKUP_WINDOW_MS },
            limits,
          ),
          orders: new Limiter(
            'orders',
            { limit: config.ORDER_LIMIT_PER_CLIENT, windowMs: config.ORDER_LIMIT_WINDOW_MS },
            limits,
          ),
          quotes: new Limiter(
            'cart-quotes',
            { limit: config.CART_QUOTE_LIMIT_PER_CLIENT, windowMs: config.CART_QUOTE_LIMIT_WINDOW_MS },
            limits,
          ),
          newCarts: new Limiter(
            'new-carts',
            { limit: config.NEW_CART_LIMIT_PER_CLIENT, windowMs: config.NEW_CART_LIMIT_WINDOW_MS },
            limits,
          ),
        },
        webhooks: {
          signatureKey: config.SQUARE_WEBHOOK_SIGNATURE_KEY,
          notificationUrl: config.SQUARE_WEBHOOK_NOTIFICATION_URL,
        },
      }),
    };
  },
};
