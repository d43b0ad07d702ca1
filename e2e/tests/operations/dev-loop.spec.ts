import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../../support/test';
import { asVerifiedAdult } from '../../support/fixtures';

const ROOT = path.resolve(__dirname, '../../..');
const DEV_SERVER = 'http://127.0.0.1:3600';
const HOME_PAGE = path.join(ROOT, 'mfe-catalog/src/pages/HomePage.tsx');
const HEADING = 'Premium Research Peptides';

/** `npm run dev -- catalog` beside the e2e stack, until it says it serves the module. */
async function startDevLoop() {
  const dev = spawn('npm', ['run', 'dev', '--', 'catalog'], {
    cwd: ROOT,
    env: { ...process.env, STOREFRONT_DEV_PORT: '3600', SHELL_URL: 'http://127.0.0.1:3100' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('served with React Refresh')) resolve();
    };
    dev.stdout.on('data', read);
    dev.stderr.on('data', read);
    dev.once('exit', (code) => reject(new Error(`npm run dev exited (${code}):\n${output}`)));
  });
  return () => process.kill(-dev.pid!, 'SIGTERM');
}

test('editing a catalog component under `npm run dev -- catalog` updates the open page in place, for that browser only', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const stop = await startDevLoop();
  const original = readFileSync(HOME_PAGE, 'utf8');
  try {
    await asVerifiedAdult(page);
    await page.goto(`/__dev/modules/catalog?origin=${encodeURIComponent(DEV_SERVER)}`);
    await expect(page.getByRole('heading', { name: HEADING, exact: true })).toBeVisible();
    // State that a reload would lose: a mark on the window, and a search typed in the shell's header.
    await page.evaluate(() => Object.assign(window, { devLoopMark: 'kept' }));
    await page.getByRole('searchbox', { name: 'Search products' }).fill('retatrutide');

    writeFileSync(HOME_PAGE, original.replace(`>${HEADING}<`, `>${HEADING}, edited<`));
    await expect(page.getByRole('heading', { name: `${HEADING}, edited` })).toBeVisible({ timeout: 60_000 });
    expect(await page.evaluate(() => (window as unknown as { devLoopMark?: string }).devLoopMark)).toBe(
      'kept',
    );
    await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue('retatrutide');

    // A shopper's browser, without the opt-in, keeps the live version.
    const shopper = await browser.newPage();
    await asVerifiedAdult(shopper);
    await shopper.goto('/');
    await expect(shopper.getByRole('heading', { name: HEADING, exact: true })).toBeVisible();
    await shopper.close();
  } finally {
    writeFileSync(HOME_PAGE, original);
    stop();
  }
});
