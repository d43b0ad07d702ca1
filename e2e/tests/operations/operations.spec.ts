import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { activate, BuildFiles, FileRegistry, publish } from '@storefront/artifact-store';
import { type Page } from '@playwright/test';
import { expect, test } from '../../support/test';
import { fillOrderForm, payOnHostedPage, SANDBOX_CARDS, tickAgreements } from '../../support/checkout';
import { asVerifiedAdult, toast } from '../../support/fixtures';

/**
 * Operations against the running e2e stack: they stop a service and redeploy a module, so they run
 * after every other test, one at a time.
 */
test.describe.configure({ mode: 'serial' });

const ROOT = path.resolve(__dirname, '../../..');
const DATA_DIR = path.join(ROOT, '.data/e2e');
const STACK_ENV = { ...process.env, STOREFRONT_DATA_DIR: DATA_DIR, STOREFRONT_PORT_OFFSET: '100' };

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

/** A copy of a live module's build in which rendering a policy throws, on the server and in the browser. */
function brokenCopyOf(builds: BuildFiles, module: string, version: string): string {
  const copy = mkdtempSync(path.join(tmpdir(), `${module}-broken-`));
  cpSync(builds.versionDir(module, version), copy, { recursive: true });
  const files = readdirSync(copy, { recursive: true, encoding: 'utf8' });
  for (const file of files.map((name) => path.join(copy, name))) {
    if (file.endsWith('.gz') || file.endsWith('.br')) rmSync(file);
    else if (file.endsWith('.js'))
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replaceAll('"Last updated "', '(()=>{throw new Error("render bug")})()'),
      );
  }
  return copy;
}

test('a module whose render throws on the server too leaves the page rendered, with Try again in its region', async ({
  page,
}) => {
  // The stack's artifacts, as `npm start` keeps them on the embedded default: a folder and registry.json.
  const artifacts = {
    files: new BuildFiles(path.join(DATA_DIR, 'artifacts')),
    registry: new FileRegistry(path.join(DATA_DIR, 'artifacts')),
  };
  const live = (await artifacts.registry.read()).modules.content!;
  const routes = live.versions.find((record) => record.version === live.live)!.routes;
  const broken = await publish(artifacts, 'content', brokenCopyOf(artifacts.files, 'content', live.live!), {
    packageVersion: '0.0.0-broken',
    commit: 'e2e',
    by: 'e2e',
    routes,
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
async function stopService(name: string, port: number) {
  const pid = Number(readFileSync(path.join(DATA_DIR, `run/${name}.pid`), 'utf8'));
  process.kill(pid, 'SIGTERM');
  // The service finishes what it was answering first (up to its 10 s grace period).
  await expect.poll(() => isAlive(pid), { timeout: 20_000 }).toBe(false);
  await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
}

/** Starts a service again on its port, as npm start would, and waits until it is ready. */
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

test('a service that dies is started again by npm start, the API answering 503 problem+json meanwhile', async ({
  page,
}) => {
  const pidFile = path.join(DATA_DIR, 'run/content.pid');
  const killed = Number(readFileSync(pidFile, 'utf8'));
  process.kill(killed, 'SIGKILL');
  await expect.poll(() => isAlive(killed)).toBe(false);
  const seen = new Set<number>();
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/api/content/policies/refund-policy');
        seen.add(res.status());
        if (res.status() !== 200) expect(res.headers()['content-type']).toMatch(/problem\+json/);
        return res.status();
      },
      { timeout: 30_000, intervals: [100] },
    )
    .toBe(200);
  // Down for a moment (503 only), then a new process of the supervisor's answering.
  expect([...seen].sort()).toEqual([200, 503]);
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
    await stopService('product', 4102);
    await page.goto('/product/bpc-157');
    await expect(page.getByRole('alert')).toContainText('This product could not be loaded.');
    await expectOtherRoutesWork(page);

    restarted = await startService('services/product/src/main.ts', 4102, {
      CATALOG_SERVICE_URL: 'http://127.0.0.1:4101',
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
    await stopService('payment-sandbox', 4110);
    const keys: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/checkout/orders')) keys.push(request.headers()['idempotency-key']!);
    });
    await page.goto('/checkout/semax');
    await fillOrderForm(page, { shipping: true });
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

    restarted = await startService('services/payment-sandbox/src/main.ts', 4110, {
      SANDBOX_PUBLIC_URL: 'http://127.0.0.1:4110',
      SANDBOX_WEBHOOK_URL: 'http://127.0.0.1:3100/api/checkout/webhooks/square',
    });
    await complete.click();
    await page.waitForURL(/\/pay\//);
    // Both attempts carried one Idempotency-Key: the service reused the order it had kept pending.
    expect(keys).toHaveLength(2);
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
