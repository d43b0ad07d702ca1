import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { openArtifacts, signedBucket } from '@storefront/artifact-store';
import { Client } from 'pg';
import { runDrill, StackHandle, postgresLedger, type ShopperStep } from '@storefront/delivery/faults';
import { RELEASE_STACK, ROOT, runCommand, TRACE_COLLECTOR_PORT } from '../../support/release-stack';
import { startTraceCollector } from '../../support/trace-collector';

/**
 * The checkout module released as one unit, its UI and its service together, on a running stack under
 * constant load: deployed and rolled back with no failed request, a canary taken back by its own
 * figures, and the releases a deploy refuses. The tests change the module's sources as a team would,
 * and put them back.
 */
test.describe.configure({ mode: 'serial' });

const databaseUrl = process.env.TEST_DATABASE_URL!;
const stack = new StackHandle(RELEASE_STACK.dataDir);
let block = 100;

/** Checkout pages and the checkout API, as fifty shoppers use them: orders, quotes and codes. */
const CHECKOUT_ROUND: ShopperStep[] = [
  { read: '/checkout/retatrutide' },
  { order: true },
  {
    post: '/api/checkout/cart/quote',
    body: { lines: [{ productId: 'bpc-157', dose: '10mg', quantity: 2, channel: 'storefront' }] },
  },
  { read: '/cart-checkout' },
  { post: '/api/checkout/affiliates/lookup', body: { code: 'RESEARCH10' } },
  { order: true },
];

/** Source edits a test makes (each a text that must be there, and what replaces it), undone after. */
async function withSources<T>(
  edits: Array<[file: string, from: string, to: string]>,
  body: () => Promise<T>,
) {
  const originals = new Map<string, string>();
  try {
    for (const [file, from, to] of edits) {
      const full = path.join(ROOT, file);
      const text = originals.get(full) ?? readFileSync(full, 'utf8');
      originals.set(full, text);
      const current = readFileSync(full, 'utf8');
      if (!current.includes(from)) throw new Error(`${file} no longer holds: ${from}`);
      writeFileSync(full, current.replace(from, to));
    }
    return await body();
  } finally {
    for (const [file, text] of originals) writeFileSync(file, text);
  }
}

const registry = async () => {
  const artifacts = await openArtifacts({
    dir: path.join(RELEASE_STACK.dataDir, 'artifacts'),
    databaseUrl,
    registrySchema: 'rel_registry',
  });
  try {
    return (await artifacts.registry.read()).modules.checkout!;
  } finally {
    await artifacts.close();
  }
};

/** A change made under fifty shoppers' traffic on the checkout: what failed, and every order after. */
function underLoad(
  name: string,
  change: () => Promise<number | null>,
  options: { cookie?(n: number): string } = {},
) {
  const addresses = (block += 1);
  return runDrill(
    stack,
    { name, inflict: change },
    {
      shoppers: 50,
      steps: CHECKOUT_ROUND,
      ledger: postgresLedger(databaseUrl, 'rel_checkout'),
      sourceAddress: (shopper) => `127.0.${addresses}.${shopper + 1}`,
      afterMs: 2_000,
      ...options,
    },
  );
}

/**
 * A checkout release that adds an optional purchase order number to the order form (institutions ask for
 * one), shown in the order summary, carried by the order to the service and stored with its researcher:
 * the form, its reading, its schema and its service, all the checkout module's own. Nothing of the shell.
 */
const PURCHASE_ORDER_RELEASE: Array<[string, string, string]> = [
  [
    'packages/commerce/src/checkout-schemas.ts',
    '  customer: z.object({ email: text, firstName: text, lastName: text, phoneNumber: text }),',
    '  customer: z.object({ email: text, firstName: text, lastName: text, phoneNumber: text, purchaseOrderNumber: z.optional(z.string().check(z.trim(), z.maxLength(40))) }),',
  ],
  [
    'mfe-checkout/src/order/order-fields.ts',
    "    phoneNumber: text('phoneNumber'),\n  };",
    "    phoneNumber: text('phoneNumber'),\n    purchaseOrderNumber: text('purchaseOrderNumber') || undefined,\n  };",
  ],
  [
    'mfe-checkout/src/components/ShippedOrderColumn.tsx',
    '        <AffiliateCodeControl source="checkout" orderForm={form.formId} />',
    '        <AffiliateCodeControl source="checkout" orderForm={form.formId} />\n        <TextField label="Purchase order number (optional)" name="purchaseOrderNumber" form={form.formId} />',
  ],
  [
    'mfe-checkout/src/components/ShippedOrderColumn.tsx',
    "import styled from 'styled-components';",
    "import styled from 'styled-components';\nimport { TextField } from '@storefront/ui';",
  ],
];

/** The purchase order number the checkout service stored with the order of `email`, if any. */
async function storedPurchaseOrder(email: string): Promise<string | null | undefined> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ po: string | null }>(
      `SELECT customer->>'purchaseOrderNumber' AS po FROM rel_checkout.orders WHERE customer->>'email' = $1`,
      [email],
    );
    return rows[0]?.po;
  } finally {
    await db.end();
  }
}

/** Fills Retatrutide's dedicated checkout with a purchase order number and sends it, as a shopper would. */
async function orderWithPurchaseOrder(page: Page, email: string, number: string) {
  const summary = page.getByRole('region', { name: 'Order summary' });
  await summary.getByLabel('Purchase order number (optional)').fill(number);
  for (const [label, value] of [
    ['Email *', email],
    ['First Name *', 'Ada'],
    ['Last Name *', 'Lovelace'],
    ['Phone Number *', '555-0100'],
    ['Address *', '1 Lab Way'],
    ['City *', 'Tempe'],
    ['State *', 'AZ'],
    ['ZIP Code *', '85281'],
  ] as const)
    await page.getByLabel(label).fill(value);
  await page.getByRole('checkbox', { name: /21 years of age or older/ }).check();
  await page.getByRole('checkbox', { name: /Terms of Service/ }).check();
  await page.getByRole('button', { name: /Complete Order/ }).click();
  await page.waitForURL(/\/pay\//);
}

/** A browser of its own: with scripts, without, or a phone whose page never gets to run the shell's script. */
async function shopperPage(browser: Browser, kind: 'scripts' | 'no-script' | 'before-hydration') {
  const context = await browser.newContext({
    javaScriptEnabled: kind !== 'no-script',
    baseURL: RELEASE_STACK.baseURL,
  });
  const page = await context.newPage();
  if (kind === 'before-hydration') {
    // A slow phone's: the shell's script has not arrived when the shopper is done (it never does here).
    await page.route(/\/main\.[0-9a-f]+\.js$/, () => undefined);
  }
  return page;
}

const CARRIER_RELEASE: Array<[string, string, string]> = [
  [
    'packages/commerce/src/checkout-schemas.ts',
    'export const orderStatusSchema = z.pick(placedOrderSchema, { orderNumber: true, status: true });',
    'export const orderStatusSchema = z.extend(z.pick(placedOrderSchema, { orderNumber: true, status: true }), { carrier: z.optional(z.string()) });',
  ],
  [
    'services/checkout/src/store/orders-store.ts',
    'return rows[0] ? { orderNumber: rows[0].order_number, status: rows[0].status } : null;',
    "return rows[0] ? { orderNumber: rows[0].order_number, status: rows[0].status, carrier: 'UPS Ground' } : null;",
  ],
  [
    'mfe-checkout/src/pages/SuccessPage.tsx',
    'function OrderConfirmed({ order: { orderNumber, status } }',
    'function OrderConfirmed({ order: { orderNumber, status, carrier } }',
  ],
  [
    'mfe-checkout/src/pages/SuccessPage.tsx',
    '<p>Estimated delivery: 5-7 business days</p>',
    '{carrier && <p data-testid="carrier">Ships with {carrier}</p>}<p>Estimated delivery: 5-7 business days</p>',
  ],
];

test('a checkout release whose UI and service both changed is deployed and rolled back under load, failing nothing', async ({
  page,
  request,
}) => {
  const before = (await registry()).live!;
  const placed = await request.post('/api/checkout/orders', {
    headers: { 'idempotency-key': `release-${Date.now()}` },
    data: JSON.parse(readFileSync(path.join(__dirname, 'order.json'), 'utf8')),
  });
  const { orderId } = (await placed.json()) as { orderId: string };
  const carrierShown = async () => {
    const status = (await (await request.get(`/api/checkout/orders/${orderId}`)).json()) as {
      carrier?: string;
    };
    await page.goto(`/success?session_id=${orderId}`);
    await expect(page.getByTestId('order-number')).toBeVisible();
    const onPage = await page
      .getByTestId('carrier')
      .textContent({ timeout: 1_000 })
      .catch(() => null);
    return { api: status.carrier ?? null, page: onPage };
  };
  expect(await carrierShown()).toEqual({ api: null, page: null });

  let deployed = '';
  const deploy = await underLoad('checkout deployed', () =>
    withSources(CARRIER_RELEASE, async () => {
      const result = await runCommand('deploy', ['checkout']);
      expect(result.code, result.output).toBe(0);
      deployed = /checkout: (\S+) is live/.exec(result.output)![1]!;
      return null;
    }),
  );
  expect(deploy.failures, 'requests that failed while the release was deployed').toEqual([]);
  expect({ lost: deploy.lost, doubled: deploy.doubled, created: deploy.ordersCreated }).toEqual({
    lost: 0,
    doubled: 0,
    created: deploy.ordersPlaced,
  });
  const release = (await registry()).versions.find((v) => v.version === deployed)!;
  expect(release.service!.version).not.toBe(
    (await registry()).versions.find((v) => v.version === before)!.service!.version,
  );
  expect(await carrierShown()).toEqual({ api: 'UPS Ground', page: 'Ships with UPS Ground' });

  let rollbackMs = 0;
  const rollback = await underLoad('checkout rolled back', async () => {
    const started = Date.now();
    const result = await runCommand('rollback', ['checkout']);
    rollbackMs = Date.now() - started;
    expect(result.code, result.output).toBe(0);
    return rollbackMs;
  });
  expect(rollback.failures, 'requests that failed while the release was rolled back').toEqual([]);
  expect(rollback.lost + rollback.doubled).toBe(0);
  expect(rollbackMs).toBeLessThan(5_000);
  expect((await registry()).live).toBe(before);
  expect(await carrierShown()).toEqual({ api: null, page: null });
});

test('a checkout release adds a purchase order number to its form and the orders it stores, with scripts, before them and without them, and no shell release', async ({
  browser,
}) => {
  const shellPid = stack.pidOf(stack.instancesOf('shell')[0]!.label);
  const shellRelease = async () => {
    const page = await (await browser.newContext()).newPage();
    const state = await (await page.request.get('/registry.json')).json();
    return {
      pid: stack.pidOf(stack.instancesOf('shell')[0]!.label),
      modules: Object.keys(state.modules).sort(),
    };
  };
  const before = await shellRelease();
  const deploy = await underLoad('checkout deployed with a purchase order number', () =>
    withSources(PURCHASE_ORDER_RELEASE, async () => {
      const result = await runCommand('deploy', ['checkout']);
      expect(result.code, result.output).toBe(0);
      return null;
    }),
  );
  expect(deploy.failures, 'requests that failed while the release was deployed').toEqual([]);
  expect({ lost: deploy.lost, doubled: deploy.doubled }).toEqual({ lost: 0, doubled: 0 });

  for (const kind of ['scripts', 'before-hydration', 'no-script'] as const) {
    const page = await shopperPage(browser, kind);
    // Without the shell's script the page never finishes loading: the shopper goes on as soon as it shows.
    await page.goto('/checkout/retatrutide', {
      waitUntil: kind === 'before-hydration' ? 'domcontentloaded' : 'load',
    });
    const email = `po-${kind}-${Date.now()}@lab.example`;
    await orderWithPurchaseOrder(page, email, `PO-${kind}`);
    if (kind === 'before-hydration')
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false);
    expect([kind, await storedPurchaseOrder(email)]).toEqual([kind, `PO-${kind}`]);
    await page.context().close();
  }
  // The release serves a researcher's orders too (ADR 0023): /account comes from the module just deployed.
  const orders = await shopperPage(browser, 'no-script');
  expect((await orders.goto('/account'))!.status()).toBe(200);
  await expect(orders.getByRole('heading', { level: 1, name: 'Your Orders' })).toBeVisible();
  await orders.context().close();
  // The shell was neither released nor restarted: the same process, serving the new checkout.
  expect(await shellRelease()).toEqual(before);
  expect(stack.pidOf(stack.instancesOf('shell')[0]!.label)).toBe(shellPid);

  const rollback = await underLoad('checkout rolled back from the purchase order number', async () => {
    const result = await runCommand('rollback', ['checkout']);
    expect(result.code, result.output).toBe(0);
    return null;
  });
  expect(rollback.failures, 'requests that failed while the release was rolled back').toEqual([]);
  expect(rollback.lost + rollback.doubled).toBe(0);
  const page = await shopperPage(browser, 'scripts');
  await page.goto('/checkout/retatrutide');
  await expect(page.getByRole('button', { name: /Complete Order/ })).toBeVisible();
  await expect(page.getByLabel('Purchase order number (optional)')).toHaveCount(0);
  expect(stack.pidOf(stack.instancesOf('shell')[0]!.label)).toBe(shellPid);
  await page.context().close();
});

test('the affiliate module, added after the shell, is deployed and rolled back with the shell neither released nor restarted', async ({
  browser,
}) => {
  const shellPid = stack.pidOf(stack.instancesOf('shell')[0]!.label);
  const page = await shopperPage(browser, 'scripts');
  const affiliateRelease = async () =>
    (
      (await (await page.request.get('/registry.json')).json()) as {
        modules: Record<string, { version: string }>;
      }
    ).modules.affiliate!.version;
  const before = await affiliateRelease();
  const announcement = 'Commissions are paid each month.';

  await withSources(
    [
      [
        'mfe-affiliate/src/pages/AffiliatePage.tsx',
        'and a link that applies it.',
        `and a link that applies it. ${announcement}`,
      ],
    ],
    async () => {
      const result = await runCommand('deploy', ['affiliate']);
      expect(result.code, result.output).toBe(0);
    },
  );
  expect(await affiliateRelease()).not.toBe(before);
  await page.goto('/affiliate');
  await expect(page.getByText(announcement)).toBeVisible();
  // Its service is served through the same shell: an anonymous standing is refused by the service itself.
  expect((await page.request.get('/api/affiliate/me')).status()).toBe(401);

  const rollback = await runCommand('rollback', ['affiliate']);
  expect(rollback.code, rollback.output).toBe(0);
  expect(await affiliateRelease()).toBe(before);
  await page.goto('/affiliate');
  await expect(page.getByRole('heading', { name: 'Affiliate Program' })).toBeVisible();
  await expect(page.getByText(announcement)).toHaveCount(0);
  expect((await page.request.get('/api/affiliate/me')).status()).toBe(401);
  // The shell was neither released nor restarted.
  expect(stack.pidOf(stack.instancesOf('shell')[0]!.label)).toBe(shellPid);
  await page.context().close();
});

test('a content release without the newsletter the home page embeds is refused, naming the module that uses it', async () => {
  const result = await withSources(
    [
      ['mfe-content/webpack.config.js', "    './Newsletter': './src/components/Newsletter.tsx',\n", ''],
      ['mfe-content/src/manifest.ts', "  fragments: ['Newsletter'],\n", ''],
    ],
    () => runCommand('deploy', ['content']),
  );
  expect(result.code).toBe(1);
  expect(result.output).toContain(
    'catalog uses the fragment content/Newsletter, which this release of content no longer offers.',
  );
});

test('a canary whose service fails a third of orders is rolled back by itself within 30 s, and the record says why', async () => {
  // Every shopper keeps a place (as the shell signs it): one in ten of them falls in a 10 % canary.
  const cookie = (shopper: number) =>
    `storefront-bucket=${signedBucket((shopper * 2) % 100, RELEASE_STACK.serviceKey)}`;
  let canaryLines: Array<{ at: number; text: string }> = [];
  let output = '';
  const outcome = await underLoad(
    'checkout canary failing a third of orders',
    () =>
      withSources(
        [
          [
            'services/checkout/src/routes/orders.ts',
            "router.post('/orders', async (req, res) => {",
            "let sent = 0;\n  router.post('/orders', async (req, res) => {\n    if (++sent % 3 === 0) throw new Error('a release that fails a third of orders');",
          ],
        ],
        async () => {
          const result = await runCommand('deploy', ['checkout', '--canary', '10', '--watch', '120']);
          output = result.output;
          canaryLines = result.lines;
          expect(result.code, result.output).toBe(1);
          return null;
        },
      ),
    { cookie },
  );
  const started = canaryLines.find((line) => line.text.includes('answers 10 % of shoppers'));
  const ended = canaryLines.find((line) => line.text.includes('rolled back'));
  expect(started && ended, output).toBeTruthy();
  expect(ended!.at - started!.at).toBeLessThan(30_000);
  expect(outcome.failed / outcome.sent).toBeLessThan(0.01);
  expect(outcome.lost + outcome.doubled).toBe(0);
  const record = await registry();
  expect(record.canary).toBeNull();
  const verdict = record.history.at(-1)!;
  expect(verdict).toMatchObject({ action: 'canary-rollback', by: 'canary' });
  expect(verdict.why).toMatch(/^5xx on .* of the canary's answers/);
  expect(verdict.figures!.canary5xx).toBeGreaterThan(0);
});

test('a deploy refuses a migration that drops a column the live service reads', async () => {
  const migration = path.join(ROOT, 'services/checkout/migrations/099_drop_payment_url.sql');
  try {
    writeFileSync(migration, 'ALTER TABLE orders DROP COLUMN payment_url;\n');
    const result = await runCommand('deploy', ['checkout']);
    expect(result.code).toBe(1);
    expect(result.output).toContain(
      'migration 099_drop_payment_url.sql drops orders.payment_url, which the live checkout service',
    );
    // Refused from its sources, before the UI's build began.
    expect(result.output).not.toContain('Building mfe-checkout');
  } finally {
    rmSync(migration, { force: true });
  }
  expect(existsSync(migration)).toBe(false);
});

test('a deploy refuses a UI that needs a field the live service does not return', async () => {
  const result = await withSources(
    [
      [
        'mfe-checkout/src/api-reads.ts',
        "    'GET /orders/:orderId': orderStatusSchema,",
        "    'GET /orders/:orderId': z.extend(orderStatusSchema, { estimatedDelivery: z.string() }),",
      ],
      [
        'mfe-checkout/src/api-reads.ts',
        "} from '@storefront/commerce/checkout';",
        "} from '@storefront/commerce/checkout';\nimport * as z from '@storefront/schema';",
      ],
    ],
    () => runCommand('deploy', ['checkout']),
  );
  expect(result.code).toBe(1);
  expect(result.output).toContain(
    'the new checkout UI needs estimatedDelivery from GET /orders/:orderId, which the live checkout service does not return',
  );
  expect(result.output).not.toContain('Building mfe-checkout');
});

test('a trace of one order spans the shell, checkout and catalog; every process shows its metrics by module, release and route', async ({
  request,
}) => {
  const collector = await startTraceCollector(TRACE_COLLECTOR_PORT);
  try {
    const traceId = randomBytes(16).toString('hex');
    const placed = await request.post('/api/checkout/orders', {
      headers: {
        traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01`,
        'idempotency-key': `trace-${traceId}`,
      },
      data: JSON.parse(readFileSync(path.join(__dirname, 'order.json'), 'utf8')),
    });
    expect(placed.status()).toBe(201);
    await expect
      .poll(
        () => [...new Set(collector.spans.filter((s) => s.traceId === traceId).map((s) => s.process))].sort(),
        {
          timeout: 10_000,
        },
      )
      .toEqual(['catalog-service', 'checkout-service', 'shell']);
    const trace = collector.spans.filter((s) => s.traceId === traceId);
    // One tree: every span but the shell's first has its parent in the trace.
    const ids = new Set(trace.map((s) => s.spanId));
    expect(trace.filter((s) => !ids.has(s.parentSpanId)).map((s) => s.process)).toEqual(['shell']);
    expect(trace.map((s) => s.name)).toEqual(
      expect.arrayContaining(['POST /orders', 'POST /internal/quote']),
    );
  } finally {
    await collector.close();
  }

  const live = (await registry()).live!;
  const endpoints = JSON.parse(
    readFileSync(path.join(RELEASE_STACK.dataDir, 'run/endpoints.json'), 'utf8'),
  ) as Record<string, { live: { url: string; release: string } }>;
  const metricsOf = async (port: number) =>
    (await request.get(`http://127.0.0.1:${port + 5000}/metrics`)).text();
  expect(await metricsOf(3250)).toMatch(
    new RegExp(
      `storefront_http_requests_total\\{[^}]*module="checkout",release="${live}",route="/orders",method="POST",status="2xx"`,
    ),
  );
  for (const [module, { live: endpoint }] of Object.entries(endpoints)) {
    const text = await metricsOf(Number(new URL(endpoint.url).port));
    expect(text, module).toMatch(
      new RegExp(
        `storefront_http_request_duration_seconds_count\\{[^}]*module="${module}",release="${endpoint.release}",route="`,
      ),
    );
  }
});
