import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { asVerifiedAdult } from '../../support/fixtures';

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

test.describe('with the product service stopped', () => {
  let restarted: ChildProcess | undefined;
  test.afterAll(() => {
    restarted?.kill('SIGTERM');
  });

  test('the product page says so with a retry, everything else works, and it recovers', async ({ page }) => {
    const pid = Number(readFileSync(path.join(DATA_DIR, 'run/product.pid'), 'utf8'));
    process.kill(pid, 'SIGTERM');
    await expect
      .poll(() =>
        fetch('http://127.0.0.1:4102/healthz').then(
          () => 'up',
          () => 'down',
        ),
      )
      .toBe('down');

    await page.goto('/product/bpc-157');
    await expect(page.getByRole('alert')).toContainText('This product could not be loaded.');
    await expectOtherRoutesWork(page);

    restarted = spawn(process.execPath, ['--import', 'tsx', 'services/product/src/main.ts'], {
      cwd: ROOT,
      env: { ...STACK_ENV, PORT: '4102', CATALOG_SERVICE_URL: 'http://127.0.0.1:4101', LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    await expect
      .poll(
        () =>
          fetch('http://127.0.0.1:4102/readyz').then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 30_000 },
      )
      .toBe(200);
    await page.goto('/product/bpc-157');
    await expect(page.getByRole('heading', { level: 1, name: 'BPC-157' })).toBeVisible();
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
  const source = path.join(ROOT, 'mfe-content/src/components/Newsletter.tsx');
  const original = readFileSync(source, 'utf8');
  const registry = async () =>
    (await (await page.request.get('/registry.json')).json()) as {
      modules: Record<string, { version: string }>;
    };
  const shellBundle = () => page.locator('script[src^="/main."]').getAttribute('src');
  const heading = page.locator('#newsletter-heading');

  await page.goto('/');
  await expect(heading).toHaveText('Stay Updated with Research');
  const before = await registry();
  const bundleBefore = await shellBundle();
  try {
    writeFileSync(
      source,
      original.replace('Stay Updated with Research', 'Research Updates, Straight to Your Lab'),
    );
    const deployed = execFileSync('npm', ['run', 'deploy', '--', 'content'], {
      cwd: ROOT,
      env: STACK_ENV,
      encoding: 'utf8',
    });
    expect(deployed).toMatch(/content: \S+ is live/);
  } finally {
    writeFileSync(source, original);
  }

  await page.reload();
  await expect(heading).toHaveText('Research Updates, Straight to Your Lab');
  const after = await registry();
  expect(after.modules.content!.version).not.toBe(before.modules.content!.version);
  expect({ ...after.modules, content: undefined }).toEqual({ ...before.modules, content: undefined });
  expect(await shellBundle()).toBe(bundleBefore);

  const rolledBack = execFileSync('npm', ['run', 'rollback', '--', 'content'], {
    cwd: ROOT,
    env: STACK_ENV,
    encoding: 'utf8',
  });
  expect(rolledBack).toContain(
    `rolled back from ${after.modules.content!.version} to ${before.modules.content!.version}`,
  );
  await page.reload();
  await expect(heading).toHaveText('Stay Updated with Research');
  expect((await registry()).modules).toEqual(before.modules);
});
