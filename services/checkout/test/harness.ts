import { once } from 'node:events';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { AccountsFixture } from '@storefront/account-service/testing';
import { catalogService, startCatalog } from '@storefront/catalog-service/definition';
import { createSandbox, type Sandbox } from '@storefront/payment-sandbox/app';
import { loadSandboxConfig } from '@storefront/payment-sandbox/config';
import { createServiceApp, Limiter } from '@storefront/server-kit';
import {
  listenAhead,
  openTestService,
  silentLogger,
  testAppSettings,
  type TestDatabaseKind,
  type TestService,
} from '@storefront/server-kit/testing';
import { createAccountSessions } from '@storefront/server-kit';
import { checkoutRoutes } from '../src/app';
import { createCatalogPricing } from '../src/catalog-client';
import type { CheckoutLimits } from '../src/domain/caller';
import {
  createSquareGateway,
  type PaymentGateway,
  type SquareSettings,
} from '../src/payments/square-gateway';
import { addAffiliate, DEMO_AFFILIATE } from '../src/store/affiliates-store';

/** Who orders in these tests, and where to: every field the checkouts require. */
export const researcher = {
  email: 'ada@lab.example',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phoneNumber: '555-0100',
};
export const address = { address: '1 Lab Way', city: 'Tempe', state: 'AZ', zipCode: '85281' };

export const SIGNATURE_KEY = 'test-signature-key';
export const ACCESS_TOKEN = 'test-access-token';
export const LOCATION_ID = 'TEST-LOCATION';
/** Two migrated databases and three servers take a few seconds on a busy 2-core machine. */
/** Per-client budgets no ordinary test comes near; the limits have tests of their own. */
export const roomyLimits = (): CheckoutLimits => ({
  orders: new Limiter('orders', { limit: 100_000, windowMs: 60_000 }),
  affiliateAttempts: new Limiter('affiliate-attempts', { limit: 100_000, windowMs: 60_000 }),
  quotes: new Limiter('cart-quotes', { limit: 100_000, windowMs: 60_000 }),
  newCarts: new Limiter('new-carts', { limit: 100_000, windowMs: 60_000 }),
});

/**
 * The program's relay, never nudged into a delivery: in checkout's own tests the events stay in their
 * outbox, where the tests read them (their delivery is proven beside the affiliate service itself).
 */
export const keptInOutbox = { nudge: () => undefined };

export const HARNESS_START_MS = 60_000;

async function listen(handler: RequestListener): Promise<{ server: Server; url: string }> {
  const server = createServer(handler).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export interface CheckoutHarness {
  checkout: TestService;
  /** The catalog service the checkout prices from, with its database (prices can be changed in it). */
  catalog: TestService;
  /** Its address, and every request it has been sent ('GET /internal/price-list', ...), in order. */
  catalogUrl: string;
  catalogRequests: string[];
  checkoutUrl: string;
  notificationUrl: string;
  sandbox: Sandbox;
  sandboxUrl: string;
  /** A real Square gateway talking to this harness's sandbox. */
  gateway(): PaymentGateway;
  /** Another checkout app on the same database: with Square or accounts unreachable, or its own rate limits. */
  sameDatabaseApp(changes: {
    squareDown?: boolean;
    accountsDown?: boolean;
    limits?: CheckoutLimits;
  }): ReturnType<typeof createServiceApp>;
  dispose(): Promise<void>;
}

/** The account service the harness asks whose a session is; by default none, so every buyer is a guest. */
const NO_ACCOUNTS = { url: 'http://127.0.0.1:9', anonKey: 'unused' };

/**
 * The real parts, each on its own port: the catalog service (prices), the payment sandbox (spoken to
 * by the real square SDK), and the checkout service, whose webhook endpoint the sandbox calls back.
 * Given `accounts` (a real account service, `@storefront/account-service/testing`), signed-in buyers'
 * orders are known as theirs.
 */
export async function openCheckoutHarness(
  kind: TestDatabaseKind,
  {
    accounts = NO_ACCOUNTS,
    priceLeaseMs,
  }: {
    accounts?: Pick<AccountsFixture, 'url' | 'anonKey'>;
    /** How long the catalog lends its price lists for (its default unless given). */
    priceLeaseMs?: number;
  } = {},
): Promise<CheckoutHarness> {
  const catalog = await openTestService(kind, {
    name: 'catalog',
    migrationsDir: catalogService.migrationsDir,
    start: (parts) => startCatalog({ ...parts, priceLeaseMs }),
  });
  const catalogRequests: string[] = [];
  const catalogHttp = await listen((req, res) => {
    catalogRequests.push(`${req.method} ${req.url}`);
    catalog.app(req, res);
  });
  const checkoutHttp = await listenAhead();
  const checkoutUrl = checkoutHttp.url;
  const notificationUrl = `${checkoutUrl}/webhooks/square`;

  const sandboxHttp = await listenAhead();
  const sandboxUrl = sandboxHttp.url;
  const sandbox = createSandbox(
    loadSandboxConfig({
      SANDBOX_PUBLIC_URL: sandboxUrl,
      SANDBOX_ACCESS_TOKEN: ACCESS_TOKEN,
      SANDBOX_LOCATION_ID: LOCATION_ID,
      SANDBOX_WEBHOOK_URL: notificationUrl,
      SANDBOX_WEBHOOK_SIGNATURE_KEY: SIGNATURE_KEY,
      SANDBOX_WEBHOOK_RETRY_MS: '50',
      SANDBOX_WEBHOOK_ATTEMPTS: '6',
      LOG_LEVEL: 'silent',
    }),
    silentLogger(),
  );
  sandboxHttp.answer(sandbox.app);

  const square = (environment: string): SquareSettings => ({
    environment,
    accessToken: ACCESS_TOKEN,
    locationId: LOCATION_ID,
    siteUrl: 'http://shop.test',
    maxRetries: 0,
    timeoutSeconds: 5,
  });
  const routesOn = (
    db: TestService['db'],
    squareUrl: string,
    limits = roomyLimits(),
    { url, anonKey } = accounts,
  ) =>
    checkoutRoutes({
      db,
      pricing: createCatalogPricing(catalogHttp.url, 2000, testAppSettings.serviceKey, 0, null),
      accounts: createAccountSessions(url, anonKey, 2000),
      cookies: { secure: false, signingKey: testAppSettings.serviceKey },
      programEvents: keptInOutbox,
      payments: createSquareGateway(square(squareUrl), silentLogger()),
      limits,
      webhooks: { signatureKey: SIGNATURE_KEY, notificationUrl },
      logger: silentLogger(),
      outageHoldMs: 5_000,
      shopName: 'Helix Research',
    });

  const checkout = await openTestService(kind, {
    name: 'checkout',
    migrationsDir: path.join(__dirname, '../migrations'),
    start: ({ db }) => ({ routes: routesOn(db, sandboxUrl) }),
    // Behind the shell on this machine: a test plays other shoppers with X-Forwarded-For.
    trustProxy: 'loopback',
  });
  await addAffiliate(checkout.db, DEMO_AFFILIATE);
  checkoutHttp.answer(checkout.app);

  return {
    checkout,
    catalog,
    catalogUrl: catalogHttp.url,
    catalogRequests,
    checkoutUrl,
    notificationUrl,
    sandbox,
    sandboxUrl,
    gateway: () => createSquareGateway(square(sandboxUrl), silentLogger()),
    sameDatabaseApp: ({ squareDown = false, accountsDown = false, limits }) =>
      createServiceApp({
        ...testAppSettings,
        name: 'checkout',
        version: 'test',
        db: checkout.db,
        logger: silentLogger(),
        bodyLimit: '16kb',
        routes: routesOn(
          checkout.db,
          squareDown ? 'http://127.0.0.1:9' : sandboxUrl,
          limits,
          accountsDown ? NO_ACCOUNTS : accounts,
        ),
      }),
    async dispose() {
      for (const { server } of [catalogHttp, sandboxHttp, checkoutHttp]) {
        server.close();
        server.closeAllConnections();
      }
      await Promise.all([catalog.dispose(), checkout.dispose()]);
    },
  };
}
