import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { activate, publish } from '@storefront/artifact-store';
import { type Page } from '@playwright/test';
import { expect, test } from '../../support/test';
import { fillOrderForm, payOnHostedPage, SANDBOX_CARDS, tickAgreements } from '../../support/checkout';
import { asVerifiedAdult, toast, uniqueEmail } from '../../support/fixtures';
import { changedCopyOf, DATA_DIR, ROOT, stackArtifacts } from '../../support/builds';
import { OPERATIONS_STACK } from '../../support/suite';

/**
 * Operations against the running e2e stack: they stop a service and redeploy a module, so they run
 * after every other test, one at a time.
 */
test.describe.configure({ mode: 'serial' });

const STACK_ENV = {
  ...process.env,
  STOREFRONT_DATA_DIR: DATA_DIR,
  STOREFRONT_PORT_OFFSET: String(OPERATIONS_STACK.offset),
};

test.beforeEach(async ({ page }) => asVerifiedAdult(page));

test('a remote entry that fails once is retried and the page renders', async ({ page }) => {
  let failures = 0;
  await page.route('**/remotes/content/**/remoteEntry.js*', (route) => {
    if (failures === 0) {
      failures += 1;
      return route.abort('connectionreset');
    }
    return route.continue();
  });
  await page.goto('/shipping-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping Policy' })).toBeVisible();
  expect(failures).toBe(1);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a remote whose code throws while rendering is contained in its region', async ({ page }) => {
  // Serve the real content module with one change: rendering a policy throws.
  await page.route('**/remotes/content/**/*.js', async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(
      '"Last updated "',
      '(()=>{throw new Error("render bug")})()',
    );
    await route.fulfill({ response, body });
  });
  await page.goto('/refund-policy');
  await expect(page.getByRole('alert')).toContainText('The refund policy is unavailable right now.');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Shipping Policy' }).click();
  await expect(page.getByRole('alert')).toContainText('The shipping policy is unavailable right now.');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByTestId('home-product')).toHaveCount(7);
});

test('a module whose render throws on the server too leaves the page rendered, with Try again in its region', async ({
  page,
}) => {
  const artifacts = stackArtifacts();
  const live = (await artifacts.registry.read()).modules.content!;
  const manifest = live.versions.find((record) => record.version === live.live)!.manifest;
  const brokenBuild = changedCopyOf(
    artifacts.files,
    'content',
    live.live!,
    '"Last updated "',
    '(()=>{throw new Error("render bug")})()',
  );
  const broken = await publish(artifacts, 'content', brokenBuild, {
    packageVersion: '0.0.0-broken',
    commit: 'e2e',
    by: 'e2e',
    manifest,
  });
  await activate(artifacts.registry, 'content', broken.version, 'e2e');
  try {
    // The server sends the page with the shell rendered and the region left for the browser.
    const response = await page.request.get('/refund-policy');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>Refund Policy | Helix Research</title>');
    expect(html).toContain('Search products');
    expect(html).toContain('Shipping Policy');
    expect(html).not.toContain('Last updated');

    await page.goto('/refund-policy');
    await expect(page.getByRole('alert')).toContainText('The refund policy is unavailable right now.');
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    // Every policy page is the broken module's; the rest of the site is not.
    await expect(page.getByRole('searchbox', { name: 'Search products' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expect(page.getByTestId('home-product')).toHaveCount(7);
  } finally {
    await activate(artifacts.registry, 'content', live.live!, 'e2e', 'rollback');
  }
  await page.goto('/refund-policy');
  await expect(page.getByText(/Last updated/)).toBeVisible();
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops one of the stack's services (npm start records each one's pid) and waits until its process is gone. */
/**
 * Stops a service as an operator would, once it has finished what it was answering. Resolves with the
 * Unix socket npm start gave it, if any ('' otherwise), for starting it again the same way.
 */
async function stopService(name: string, port: number): Promise<string> {
  const socket = path.join(DATA_DIR, 'run/sockets', `${name}.sock`);
  const hadSocket = existsSync(socket);
  const pid = Number(readFileSync(path.join(DATA_DIR, `run/${name}.pid`), 'utf8'));
  process.kill(pid, 'SIGTERM');
  // The service finishes what it was answering first (up to its 10 s grace period).
  await expect.poll(() => isAlive(pid), { timeout: 20_000 }).toBe(false);
  await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  return hadSocket ? socket : '';
}

/**
 * Starts a service again as npm start would: on its port, and on the Unix socket it had (`SOCKET_PATH`
 * in `env`), where the shell reaches it.
 */
async function startService(entry: string, port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: { ...STACK_ENV, ...env, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  await expect
    .poll(
      () =>
        fetch(`http://127.0.0.1:${port}/readyz`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 30_000 },
    )
    .toBe(200);
  return child;
}

test('a service that dies is started again by npm start; meanwhile the API holds a read and turns a sign-up away', async ({
  page,
}) => {
  const pidFile = path.join(DATA_DIR, 'run/content.pid');
  const killed = Number(readFileSync(pidFile, 'utf8'));
  process.kill(killed, 'SIGKILL');
  await expect.poll(() => isAlive(killed)).toBe(false);
  // Sent while nothing answers: a read is safe to send again, so the gateway holds it until the new
  // process answers; a newsletter sign-up is not (it carries no Idempotency-Key), so it is told at once.
  const [read, signUp] = await Promise.all([
    page.request.get('/api/content/policies/refund-policy'),
    page.request.post('/api/content/subscribers', { data: { name: 'Ada', email: 'ada@example.com' } }),
  ]);
  expect(signUp.status()).toBe(503);
  expect(signUp.headers()['content-type']).toMatch(/problem\+json/);
  expect(signUp.headers()['retry-after']).toBe('1');
  expect(read.status()).toBe(200);
  const replacement = Number(readFileSync(pidFile, 'utf8'));
  expect(replacement).not.toBe(killed);
  expect(isAlive(replacement)).toBe(true);
  await page.goto('/refund-policy');
  await expect(page.getByText(/Last updated/)).toBeVisible();
});

test.describe('with the product service stopped', () => {
  let restarted: ChildProcess | undefined;
  test.afterAll(() => {
    restarted?.kill('SIGTERM');
  });

  test('the product page says so with a retry, everything else works, and it recovers', async ({ page }) => {
    const socket = await stopService('product', OPERATIONS_STACK.offset + 4002);
    await page.goto('/product/bpc-157');
    await expect(page.getByRole('alert')).toContainText('This product could not be loaded.');
    await expectOtherRoutesWork(page);

    restarted = await startService('services/product/src/main.ts', OPERATIONS_STACK.offset + 4002, {
      CATALOG_SERVICE_URL: OPERATIONS_STACK.url(4001),
      SOCKET_PATH: socket,
    });
    await page.goto('/product/bpc-157');
    await expect(page.getByRole('heading', { level: 1, name: 'BPC-157' })).toBeVisible();
  });
});

test.describe('with Square (the payment sandbox) down', () => {
  let restarted: ChildProcess | undefined;
  test.afterAll(() => {
    restarted?.kill('SIGTERM');
  });

  test('the order waits, the shopper is told, and a retry pays the same order', async ({ page }) => {
    await stopService('payment-sandbox', OPERATIONS_STACK.offset + 4010);
    const keys: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/checkout/orders')) keys.push(request.headers()['idempotency-key']!);
    });
    await page.goto('/checkout/semax');
    await fillOrderForm(page, { shipping: true });
    // An order of its own: the same order sent again within the quarter-hour is the one already made
    // (its Idempotency-Key is the order's), and another test may have sent this one.
    await page.getByLabel('Email *').fill(uniqueEmail('square-down'));
    await tickAgreements(page);
    const complete = page.getByRole('button', { name: /Complete Order/ });
    await complete.click();
    await expect(toast(page, 'Payment Error')).toBeVisible();
    await expect(
      page.getByText(
        'Failed to initiate payment: The payment provider is not reachable right now. Please try again.',
      ),
    ).toBeVisible();
    await expect(complete).toBeEnabled();

    restarted = await startService('stand-ins/payment-sandbox/src/main.ts', OPERATIONS_STACK.offset + 4010, {
      SANDBOX_PUBLIC_URL: OPERATIONS_STACK.url(4010),
      SANDBOX_WEBHOOK_URL: `${OPERATIONS_STACK.baseURL}/api/checkout/webhooks/square`,
    });
    await complete.click();
    await page.waitForURL(/\/pay\//);
    // The page sent the order once more by itself before saying so, and the shopper's retry made three:
    // all with one Idempotency-Key, so the service reused the order it had kept pending.
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    await payOnHostedPage(page, SANDBOX_CARDS.approved);
    await page.waitForURL(/\/success/);
    await expect(page.getByTestId('payment-status')).toHaveText('Payment confirmed');
  });
});

async function expectOtherRoutesWork(page: Page) {
  await expect(page.getByRole('searchbox', { name: 'Search products' })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByTestId('home-product')).toHaveCount(7);
}

test('a module is deployed alone and rolled back, with nothing else touched', async ({ page }) => {
  test.setTimeout(180_000);
  const source = path.join(ROOT, 'mfe-checkout/src/pages/CancelPage.tsx');
  const original = readFileSync(source, 'utf8');
  const registry = async () =>
    (await (await page.request.get('/registry.json')).json()) as {
      modules: Record<string, { version: string }>;
    };
  const shellBundle = () => page.locator('script[src^="/main."]').getAttribute('src');
  const heading = page.getByRole('heading', { level: 1 });

  await page.goto('/cancel');
  await expect(heading).toHaveText('Payment Cancelled');
  const before = await registry();
  const bundleBefore = await shellBundle();
  try {
    writeFileSync(
      source,
      original.replace('<h1>Payment Cancelled</h1>', '<h1>Your Payment Was Cancelled</h1>'),
    );
    const deployed = execFileSync('npm', ['run', 'deploy', '--', 'checkout'], {
      cwd: ROOT,
      env: STACK_ENV,
      encoding: 'utf8',
    });
    expect(deployed).toMatch(/checkout: \S+ is live/);
  } finally {
    writeFileSync(source, original);
  }

  // The next request renders the page with the new version on the server, and the browser hydrates it.
  expect(await (await page.request.get('/cancel')).text()).toContain('Your Payment Was Cancelled');
  await page.reload();
  await expect(heading).toHaveText('Your Payment Was Cancelled');
  const after = await registry();
  expect(after.modules.checkout!.version).not.toBe(before.modules.checkout!.version);
  expect({ ...after.modules, checkout: undefined }).toEqual({ ...before.modules, checkout: undefined });
  expect(await shellBundle()).toBe(bundleBefore);

  const rolledBack = execFileSync('npm', ['run', 'rollback', '--', 'checkout'], {
    cwd: ROOT,
    env: STACK_ENV,
    encoding: 'utf8',
  });
  expect(rolledBack).toContain(
    `rolled back from ${after.modules.checkout!.version} to ${before.modules.checkout!.version}`,
  );
  const rendered = await (await page.request.get('/cancel')).text();
  expect(rendered).toContain('Payment Cancelled');
  expect(rendered).not.toContain('Your Payment Was Cancelled');
  await page.reload();
  await expect(heading).toHaveText('Payment Cancelled');
  expect((await registry()).modules).toEqual(before.modules);
});
