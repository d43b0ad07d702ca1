import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/test';
import { asVerifiedAdult } from '../support/fixtures';

/** What a crawler, a link preview or curl gets: the HTML as the server sends it. */
test(
  'each page arrives rendered, with its own title, description and status',
  { tag: '@journey' },
  async ({ request }) => {
    const home = await request.get('/');
    expect(home.status()).toBe(200);
    const homeHtml = await home.text();
    expect(homeHtml).toContain('<title>Research-Grade Peptides | Helix Research</title>');
    expect(homeHtml).toMatch(/<meta name="description" content="[^"]{40,}">/);
    expect(homeHtml.match(/data-testid="home-product"/g)).toHaveLength(7);
    for (const name of ['BPC-157', 'Retatrutide', 'GHK-Cu']) expect(homeHtml).toContain(name);

    const product = await request.get('/product/bpc-157');
    expect(product.status()).toBe(200);
    const productHtml = await product.text();
    expect(productHtml).toContain('<title>BPC-157 10mg | Helix Research</title>');
    expect(productHtml).toMatch(/<h1[^>]*>BPC-157/);
    expect(productHtml).toContain('$79.99');
    expect(productHtml).toContain('<link rel="canonical" href="http://127.0.0.1:3100/product/bpc-157">');
    expect(productHtml).toContain('<meta property="og:type" content="product">');

    for (const [path, shown] of [
      ['/no-such-page', 'Oops! Page not found'],
      ['/product/no-such-id', 'Product not found'],
      // A checkout address the catalog has no dedicated checkout for.
      ['/checkout/no-such-peptide', 'Oops! Page not found'],
    ] as const) {
      const missing = await request.get(path);
      expect(missing.status(), path).toBe(404);
      const html = await missing.text();
      expect(html).toContain('<title>Page not found | Helix Research</title>');
      expect(html).toContain(shown);
      expect(html).toContain('<meta name="robots" content="noindex">');
    }
  },
);

test('product and checkout pages describe their product to search engines (schema.org Product)', async ({
  request,
}) => {
  const jsonLd = async (path: string) => {
    const html = await (await request.get(path)).text();
    const script = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
    expect(script, path).not.toBeNull();
    return JSON.parse(script![1]!) as Record<string, unknown>;
  };
  expect(await jsonLd('/product/bpc-157')).toMatchObject({
    '@type': 'Product',
    name: 'BPC-157 10mg',
    sku: 'bpc-157',
    offers: {
      '@type': 'Offer',
      price: '79.99',
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
    },
  });
  const checkout = await jsonLd('/checkout/retatrutide');
  expect(checkout).toMatchObject({ '@type': 'Product', name: 'Retatrutide', sku: 'RETA' });
  expect(checkout.offers).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ sku: 'RETA-10MG', price: '140.00', priceCurrency: 'USD' }),
    ]),
  );
});

test('robots.txt points at a sitemap of every indexed page, products included', async ({ request }) => {
  expect(await (await request.get('/robots.txt')).text()).toContain(
    'Sitemap: http://127.0.0.1:3100/sitemap.xml',
  );
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const path of ['/', '/catalog', '/product/bpc-157', '/checkout/retatrutide', '/refund-policy']) {
    expect(sitemap).toContain(`<loc>http://127.0.0.1:3100${path}</loc>`);
  }
  for (const path of ['/auth', '/cart-checkout', '/success', '/cancel']) {
    expect(sitemap).not.toContain(`<loc>http://127.0.0.1:3100${path}</loc>`);
  }
});

test("the page's scripts name no source map and none is served; each map is kept beside its build", async ({
  request,
}) => {
  const html = await (await request.get('/product/bpc-157')).text();
  // The product page module's files, announced in the head, and the shell's, which the page loads.
  const scripts = [
    ...[...html.matchAll(/<link rel="preload" as="script" href="([^"]+)">/g)].map((m) => m[1]!),
    ...(/data-scripts="([^"]+)"/.exec(html)?.[1]?.split(' ') ?? []),
  ];
  expect(scripts.some((src) => src.startsWith('/remotes/product/'))).toBe(true);
  expect(scripts.some((src) => !src.startsWith('/remotes/'))).toBe(true);
  for (const src of scripts) {
    const script = await request.get(src);
    expect(script.status(), src).toBe(200);
    expect(await script.text(), src).not.toContain('sourceMappingURL');
    expect((await request.get(`${src}.map`)).status(), `${src}.map`).toBe(404);
    const app = src.startsWith('/remotes/') ? `mfe-${src.split('/')[2]}` : 'shell';
    expect(
      existsSync(path.join(__dirname, '../..', app, 'dist-sourcemaps', `${path.basename(src)}.map`)),
      src,
    ).toBe(true);
  }
});

test.describe('in the browser', () => {
  test.beforeEach(async ({ page }) => asVerifiedAdult(page));

  test('a page hydrates with the data it came with: no API call, no flicker', async ({ page }) => {
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/product/')) apiCalls.push(request.url());
    });
    await page.goto('/product/bpc-157');
    const heading = page.getByRole('heading', { level: 1, name: 'BPC-157' });
    await expect(heading).toBeVisible();
    // Hydrated: the page answers the shopper.
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    expect(apiCalls).toEqual([]);
  });

  test('without JavaScript a product page still shows its name, price and description', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/product/bpc-157');
    await expect(page.getByRole('heading', { level: 1, name: 'BPC-157' })).toBeVisible();
    await expect(page.getByText('$79.99').first()).toBeVisible();
    await expect(page.getByText(/synthetic pentadecapeptide/).first()).toBeVisible();
    await context.close();
  });
});

test("a page showing a visitor's order, and every form's answer, is kept by no one", async ({
  request,
  baseURL,
}) => {
  // An order's page: asked twice by strangers, rendered for each and sent for no cache to keep.
  for (let asked = 0; asked < 2; asked++) {
    const order = await request.get('/success?session_id=cs_someone_elses_order', {
      headers: { cookie: '' },
    });
    expect(order.headers()['cache-control']).toBe('private, no-store');
  }
  // A form's answer, refused or completed.
  const refused = await request.post('/auth', {
    form: { _action: 'account/sign-in', email: 'nobody@lab.example', password: 'wrong password' },
    headers: { origin: baseURL! },
    maxRedirects: 0,
  });
  expect(refused.headers()['cache-control']).toBe('private, no-store');
  const added = await request.post('/catalog', {
    form: { _action: 'checkout/cart-add', productId: 'bpc-157', dose: '10mg', channel: 'catalogue' },
    headers: { origin: baseURL! },
    maxRedirects: 0,
  });
  expect(added.status()).toBe(303);
  expect(added.headers()['cache-control']).toBe('private, no-store');
});
