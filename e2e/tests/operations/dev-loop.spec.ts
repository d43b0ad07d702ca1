import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../../support/test';
import { asVerifiedAdult } from '../../support/fixtures';
import { OPERATIONS_STACK } from '../../support/suite';

const ROOT = path.resolve(__dirname, '../../..');
const HOME_PAGE = path.join(ROOT, 'mfe-catalog/src/pages/HomePage.tsx');
const HEADING = 'Premium Research Peptides';

const SHOP = OPERATIONS_STACK.baseURL;

/**
 * `npm run dev -- catalog` beside the e2e stack (whose data folder it shares, to tell its shell), until
 * it prints the address, with its token, that lets one browser in.
 */
async function startDevLoop() {
  const dev = spawn('npm', ['run', 'dev', '--', 'catalog'], {
    cwd: ROOT,
    env: {
      ...process.env,
      STOREFRONT_DEV_PORT: '3600',
      SHELL_URL: SHOP,
      STOREFRONT_DATA_DIR: OPERATIONS_STACK.dataDir,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const optIn = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const printed = /only that one\): (\S+)/.exec(output);
      if (printed) resolve(printed[1]!);
    };
    dev.stdout.on('data', read);
    dev.stderr.on('data', read);
    dev.once('exit', (code) => reject(new Error(`npm run dev exited (${code}):\n${output}`)));
  });
  return { optIn, stop: () => process.kill(-dev.pid!, 'SIGTERM') };
}

/** The scripts a page of the shop loads, as the shell wrote them into it. */
const pageScripts = (html: string) => /<script data-scripts="([^"]*)"/.exec(html)?.[1];

test('editing a catalog component under `npm run dev -- catalog` updates the open page in place, for that browser only', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const { optIn, stop } = await startDevLoop();
  const original = readFileSync(HOME_PAGE, 'utf8');
  try {
    // A third-party page tries everything a link, a script or a form of its own can do.
    await page.route('http://evil.example/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<form id="f" method="post" action="${SHOP}/__dev/modules/catalog"><input name="token" value="guess"></form>
          <script>fetch('${SHOP}/__dev/modules/catalog', { method: 'POST', mode: 'no-cors', body: 'token=guess', headers: { 'content-type': 'application/x-www-form-urlencoded' } }).finally(() => document.getElementById('f').submit());</script>`,
      }),
    );
    await page.goto('http://evil.example/');
    await page.waitForURL(`${SHOP}/__dev/modules/catalog`);
    await expect(page.getByText('Only a page of this shop can do that.')).toBeVisible();
    const afterAttack = await page.request.get(`${SHOP}/`);
    expect(pageScripts(await afterAttack.text())).toMatch(/^\/main\.[0-9a-f]{10}\.js$/);

    await asVerifiedAdult(page);
    await page.goto(optIn);
    await page.getByRole('button', { name: 'Load catalog' }).click();
    await expect(page.getByRole('heading', { name: HEADING, exact: true })).toBeVisible();
    // Only the module comes from the dev server; the shell's development build is the shop's own.
    expect(pageScripts(await page.content())).toBe('/__dev/shell/main.js');
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
