import path from 'node:path';
import {
  catalogueSchema,
  dedicatedCheckoutSchema,
  homeProductsSchema,
  priceListLeaseSchema,
  quoteSchema,
} from '@storefront/commerce/catalog';
import { dollarsToCents } from '@storefront/commerce';
import { SERVICE_KEY_HEADER } from '@storefront/server-kit';
import {
  openTestService,
  testAppSettings,
  testDatabaseKinds,
  type TestService,
} from '@storefront/server-kit/testing';
import request from 'supertest';
import { startCatalog } from '../src/definition';
import { DEFAULT_PRICE_LEASE_MS } from '../src/price-leases';
import { productPageOnlyPrices, quickCheckoutPurity, specPrices } from './spec-prices';

const migrations = path.join(__dirname, '../migrations');

/** Waits, within the snapshot's one second, for a change in the database to be served. */
async function until(served: () => Promise<boolean>) {
  const changedAt = Date.now();
  while (!(await served())) {
    expect(Date.now() - changedAt).toBeLessThan(1_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(testDatabaseKinds())('catalog service on %s', (kind) => {
  let testDb: TestService;
  let app: TestService['app'];

  beforeAll(async () => {
    testDb = await openTestService(kind, {
      name: 'catalog',
      migrationsDir: migrations,
      start: startCatalog,
    });
    app = testDb.app;
  });
  afterAll(() => testDb.dispose());

  /** supertest treats SVG as binary; read it as the text it is. */
  const getSvg = (url: string) =>
    request(app)
      .get(url)
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done(null, text));
      });

  const quote = (channel: string, lines: unknown[]) =>
    request(app)
      .post('/internal/quote')
      .set(SERVICE_KEY_HEADER, testAppSettings.serviceKey)
      .send({ channel, lines });

  describe('price lists', () => {
    for (const [channel, rows] of Object.entries(specPrices)) {
      it(`prices every ${channel} entry of the spec exactly`, async () => {
        const res = await quote(
          channel,
          rows.map(([productId, dose]) => ({ productId, dose, quantity: 1 })),
        );
        expect(res.status).toBe(200);
        const body = quoteSchema.parse(res.body);
        expect(body.lines.map((l) => [l.productId, l.dose, l.unitPrice, l.sku])).toEqual(
          rows.map(([productId, dose, dollars, sku]) => [productId, dose, dollarsToCents(dollars), sku]),
        );
      });

      it(`sells nothing in ${channel} beyond the spec's table`, async () => {
        const expected = channel === 'catalogue' ? [...rows, ...productPageOnlyPrices] : rows;
        const { rows: entries } = await testDb.db.query<{ product_id: string; dose: string }>(
          'SELECT product_id, dose FROM price_list_entries WHERE channel = $1 ORDER BY product_id, dose',
          [channel],
        );
        expect(entries.map((e) => `${e.product_id} ${e.dose}`).sort()).toEqual(
          expected.map(([p, d]) => `${p} ${d}`).sort(),
        );
      });
    }

    it('keeps the quick-checkout purity per dose and its popular flags', async () => {
      const { rows } = await testDb.db.query<{
        product_id: string;
        dose: string;
        purity: string;
        popular: boolean;
      }>("SELECT product_id, dose, purity, popular FROM price_list_entries WHERE channel = 'quick-checkout'");
      const actual = rows.map((r) => [r.product_id, r.dose, Number(r.purity), r.popular]);
      expect(actual).toEqual(expect.arrayContaining(quickCheckoutPurity));
      expect(actual).toHaveLength(quickCheckoutPurity.length);
    });
  });

  describe('quote endpoint', () => {
    it('multiplies by quantity', async () => {
      const res = await quote('storefront', [{ productId: 'retatrutide', dose: '20mg', quantity: 3 }]);
      expect(res.body.lines[0]).toEqual({
        productId: 'retatrutide',
        dose: '20mg',
        quantity: 3,
        name: 'Retatrutide',
        sku: 'RETA',
        image: '/api/catalog/images/v2/retatrutide/20mg.svg',
        unitPrice: 19900,
        lineTotal: 59700,
      });
    });

    it('refuses a combination a channel does not sell, naming each bad line, and never prices it at 0', async () => {
      const res = await quote('storefront', [
        { productId: 'bpc-157', dose: '10mg', quantity: 1 },
        { productId: 'bpc-157', dose: '20mg', quantity: 1 },
        { productId: 'unicorn', dose: '1mg', quantity: 1 },
      ]);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual([
        { field: 'lines.1', message: 'No price for "bpc-157" 20mg in the storefront price list.' },
        { field: 'lines.2', message: 'No price for "unicorn" 1mg in the storefront price list.' },
      ]);
    });

    it('refuses a product from another channel', async () => {
      const res = await quote('catalogue', [{ productId: 'retatrutide', dose: '10mg', quantity: 1 }]);
      expect(res.status).toBe(422);
    });

    it.each([
      [{ channel: 'wholesale', lines: [{ productId: 'bpc-157', dose: '10mg', quantity: 1 }] }, 'channel'],
      [{ channel: 'storefront', lines: [] }, 'lines'],
      [
        { channel: 'storefront', lines: [{ productId: 'bpc-157', dose: '10mg', quantity: 0 }] },
        'lines.0.quantity',
      ],
      [
        { channel: 'storefront', lines: [{ productId: 'bpc-157', dose: '10mg', quantity: 1.5 }] },
        'lines.0.quantity',
      ],
      [
        { channel: 'storefront', lines: [{ productId: 'bpc-157', dose: '10mg', quantity: -2 }] },
        'lines.0.quantity',
      ],
      [
        { channel: 'storefront', lines: [{ productId: 'bpc-157', dose: '10mg', quantity: '1' }] },
        'lines.0.quantity',
      ],
    ])('refuses a malformed request %p with a 400 naming %s', async (body, field) => {
      const res = await request(app)
        .post('/internal/quote')
        .set(SERVICE_KEY_HEADER, testAppSettings.serviceKey)
        .send(body);
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    });

    it('ignores any price or total the caller sends', async () => {
      const res = await request(app)
        .post('/internal/quote')
        .set(SERVICE_KEY_HEADER, testAppSettings.serviceKey)
        .send({
          channel: 'storefront',
          lines: [{ productId: 'tb-500', dose: '5mg', quantity: 2, unitPrice: 1, lineTotal: 2 }],
          total: 1,
        });
      expect(res.body.lines[0]).toMatchObject({ unitPrice: 6000, lineTotal: 12000 });
    });

    it('lends every price of every channel, as its quotes charge them, to other services only', async () => {
      expect((await request(app).get('/internal/price-list')).status).toBe(403);
      const res = await request(app)
        .get('/internal/price-list')
        .set(SERVICE_KEY_HEADER, testAppSettings.serviceKey);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const lease = priceListLeaseSchema.parse(res.body);
      expect(lease.leaseMs).toBe(DEFAULT_PRICE_LEASE_MS);
      for (const [channel, rows] of Object.entries(specPrices)) {
        const lent = lease.prices.filter((p) => p.channel === channel);
        for (const [productId, dose, dollars, sku] of rows)
          expect(lent).toContainEqual(
            expect.objectContaining({ productId, dose, sku, unitPrice: dollarsToCents(dollars) }),
          );
      }
      const { rows } = await testDb.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM price_list_entries',
      );
      expect(lease.prices).toHaveLength(rows[0]!.n);
    });
  });

  describe('home products', () => {
    it('lists the seven home peptides in order with their defaults, doses and prices', async () => {
      const res = await request(app).get('/home-products');
      const { products } = homeProductsSchema.parse(res.body);
      expect(products.map((p) => [p.name, p.defaultDose])).toEqual([
        ['Retatrutide', '5mg'],
        ['GHK-Cu', '50mg'],
        ['IGF1-LR3', '1mg'],
        ['BPC-157', '10mg'],
        ['CJC-1295', '5mg'],
        ['TB-500', '5mg'],
        ['SEMAX', '10mg'],
      ]);
      const prices = Object.fromEntries(
        products.flatMap((p) => p.doses.map((d) => [`${p.id} ${d.dose}`, d.price])),
      );
      for (const [productId, dose, dollars] of specPrices.storefront) {
        expect(prices[`${productId} ${dose}`]).toBe(dollarsToCents(dollars));
      }
      const retatrutide = products[0]!;
      expect(retatrutide.purity).toBe('99.9%');
      expect(retatrutide.doses.map((d) => d.label)).toEqual([null, 'Save 10%', 'Save 18%']);
      expect(new Set(retatrutide.doses.map((d) => d.image)).size).toBe(3);
      expect(products.slice(1).every((p) => p.purity === '99%' && p.storage === '-20°C')).toBe(true);
      expect(products.find((p) => p.id === 'bpc-157')!.keywords).toContain('137525-51-0');
    });

    it('links each card to its dedicated checkout, else to the lowercased name (spec section 2)', async () => {
      const { products } = homeProductsSchema.parse((await request(app).get('/home-products')).body);
      expect(products.map((p) => p.checkoutPath)).toEqual([
        '/checkout/retatrutide',
        '/checkout/ghk-cu',
        '/checkout/igf1-lr3',
        '/checkout/bpc-157',
        '/checkout/cjc1295',
        '/checkout/tb-500',
        '/checkout/semax',
      ]);
      // Without its dedicated checkout, a product's card falls back to the spec's rule.
      const cjc = () =>
        request(app)
          .get('/home-products')
          .then((res) => homeProductsSchema.parse(res.body).products.find((p) => p.id === 'cjc-1295')!);
      await testDb.db.query(`UPDATE products SET name = 'CJC 1295  Research' WHERE id = 'cjc-1295'`);
      await testDb.db.query(`DELETE FROM dedicated_checkouts WHERE slug = 'cjc1295'`);
      try {
        await until(async () => (await cjc()).checkoutPath === '/checkout/cjc-1295-research');
        expect((await request(app).get('/dedicated-checkouts/cjc1295')).status).toBe(404);
      } finally {
        await testDb.db.query(`UPDATE products SET name = 'CJC-1295' WHERE id = 'cjc-1295'`);
        await testDb.db.query(
          `INSERT INTO dedicated_checkouts (slug, product_id, default_dose) VALUES ('cjc1295', 'cjc-1295', '5mg')`,
        );
      }
      await until(async () => (await cjc()).checkoutPath === '/checkout/cjc1295');
    });
  });

  describe('catalogue', () => {
    it('lists the six catalogue products with the spec fields and the five categories', async () => {
      const catalogue = catalogueSchema.parse((await request(app).get('/catalogue')).body);
      expect(catalogue.categories).toEqual([
        'Growth Factors',
        'Metabolic Research',
        'Tissue Research',
        'Research Blends',
        'Laboratory Supplies',
      ]);
      expect(catalogue.products.map((p) => [p.name, p.price, p.purity, p.featured, p.inStock])).toEqual([
        ['5-Amino-1MQ', 8999, 99.8, true, true],
        ['AOD-9604', 12499, 99.5, false, true],
        ['Bacteriostatic Water', 1599, 99.9, false, true],
        ['BPC-157', 7999, 99.7, true, true],
        ['BPC-157 + TB-500 Blend', 15999, 99.6, true, true],
        ['CJC-1295 no DAC / Ipamorelin', 13999, 99.4, false, true],
      ]);
      const bpc = catalogue.products.find((p) => p.id === 'bpc-157')!;
      expect(bpc).toMatchObject({
        dose: '10mg',
        casNumber: '137525-51-0',
        molecularFormula: 'C62H98N16O22',
        category: 'Tissue Research',
      });
    });
  });

  describe('checkout products', () => {
    it('gives a dedicated checkout, by its slug, its settings and product: sku, doses with price, purity, popular flag and picture', async () => {
      const res = await request(app).get('/dedicated-checkouts/cjc1295');
      expect(res.status).toBe(200);
      const checkout = dedicatedCheckoutSchema.parse(res.body);
      expect(checkout).toMatchObject({ slug: 'cjc1295', defaultDose: '5mg', backTo: 'history' });
      expect(checkout.offersAddToCart).toBe(false);
      expect(checkout.product).toMatchObject({
        id: 'cjc-1295',
        channel: 'storefront',
        name: 'CJC-1295',
        sku: 'CJC',
        purity: '99%',
        doses: [
          {
            dose: '5mg',
            price: 6999,
            purity: 99,
            popular: true,
            image: '/api/catalog/images/v2/cjc-1295/5mg.svg',
          },
          {
            dose: '10mg',
            price: 10000,
            purity: 99,
            popular: false,
            image: '/api/catalog/images/v2/cjc-1295/10mg.svg',
          },
        ],
      });
    });

    it('gives the generic checkout its own price list', async () => {
      const res = await request(app).get('/checkout-products/quick-checkout/bpc-157');
      expect(res.body.sku).toBe('BPC157');
      expect(res.body.doses.map((d: { dose: string; price: number }) => [d.dose, d.price])).toEqual([
        ['5mg', 7999],
        ['10mg', 8999],
        ['20mg', 14999],
      ]);
    });

    it("gives a product page's Buy Now the catalogue's price list, with the product page's dose", async () => {
      const res = await request(app).get('/checkout-products/catalogue/bpc-157');
      expect(res.body.channel).toBe('catalogue');
      expect(res.body.doses.map((d: { dose: string; price: number }) => [d.dose, d.price])).toEqual([
        ['10mg', 7999],
      ]);
    });

    it('gives each of the seven dedicated checkouts its default dose and where Back goes (spec section 2)', async () => {
      const pages = await Promise.all(
        ['retatrutide', 'bpc-157', 'ghk-cu', 'igf1-lr3', 'cjc1295', 'tb-500', 'semax'].map(async (slug) =>
          dedicatedCheckoutSchema.parse((await request(app).get(`/dedicated-checkouts/${slug}`)).body),
        ),
      );
      const listed = await request(app).get('/dedicated-checkouts');
      expect(listed.body.checkouts.map((c: { slug: string }) => c.slug).sort()).toEqual(
        pages.map((p) => p.slug).sort(),
      );
      expect(pages.map((p) => [p.product.id, p.defaultDose, p.backTo, p.offersAddToCart])).toEqual([
        ['retatrutide', '10mg', 'home', false],
        ['bpc-157', '10mg', 'history', true],
        ['ghk-cu', '50mg', 'history', false],
        ['igf1-lr3', '1mg', 'history', false],
        ['cjc-1295', '5mg', 'history', false],
        ['tb-500', '5mg', 'history', false],
        ['semax', '10mg', 'history', false],
      ]);
    });

    it.each([
      '/checkout-products/quick-checkout/semax',
      '/checkout-products/catalogue/semax',
      '/checkout-products/storefront/bpc-157',
      '/dedicated-checkouts/cjc-1295',
      '/dedicated-checkouts/no-such-page',
    ])('answers 404 for %s', async (path) => {
      const res = await request(app).get(path);
      expect(res.status).toBe(404);
    });
  });

  describe('product summaries', () => {
    it('gives the summaries of every catalogue product, product-page-only ones included', async () => {
      const res = await request(app)
        .get('/internal/product-summaries')
        .set(SERVICE_KEY_HEADER, testAppSettings.serviceKey);
      expect(res.status).toBe(200);
      const prices = new Map(
        res.body.products.map((p: { id: string; price: number }) => [p.id, p.price] as const),
      );
      expect(prices.get('bpc-157')).toBe(
        dollarsToCents(specPrices.catalogue.find(([id]) => id === 'bpc-157')![2]),
      );
      for (const [productId, , dollars] of productPageOnlyPrices) {
        expect(prices.get(productId)).toBe(dollarsToCents(dollars));
      }
    });
  });

  describe('reads from memory', () => {
    it('answers a revalidation with 304 and the same strong ETag, with or without a query string', async () => {
      const first = await request(app).get('/home-products');
      expect(first.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
      const again = await request(app).get('/home-products').set('if-none-match', first.headers.etag!);
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      // A query string takes the app's path instead of the memory one: same bytes, same headers.
      const viaApp = await request(app).get('/home-products?utm=mail');
      expect(viaApp.text).toBe(first.text);
      expect(viaApp.headers.etag).toBe(first.headers.etag);
      expect(viaApp.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
      expect(first.headers['x-content-type-options']).toBe('nosniff');
    });

    it('serves and quotes a price changed in the database within a second, without a restart', async () => {
      const priceOnHome = async () =>
        homeProductsSchema
          .parse((await request(app).get('/home-products')).body)
          .products.find((p) => p.id === 'retatrutide')!
          .doses.find((d) => d.dose === '10mg')!.price;
      const quoted = async () =>
        quoteSchema.parse(
          (await quote('storefront', [{ productId: 'retatrutide', dose: '10mg', quantity: 1 }])).body,
        ).lines[0]!.unitPrice;
      const before = await priceOnHome();
      await testDb.db.query(
        "UPDATE price_list_entries SET price_cents = price_cents + 100 WHERE channel = 'storefront' AND product_id = 'retatrutide' AND dose = '10mg'",
      );
      try {
        await until(async () => (await priceOnHome()) === before + 100);
        expect(await quoted()).toBe(before + 100);
      } finally {
        await testDb.db.query(
          "UPDATE price_list_entries SET price_cents = price_cents - 100 WHERE channel = 'storefront' AND product_id = 'retatrutide' AND dose = '10mg'",
        );
      }
    });
  });

  describe('images', () => {
    it('draws each listed image as a cacheable SVG naming the product and dose', async () => {
      const { products } = homeProductsSchema.parse((await request(app).get('/home-products')).body);
      const catalogue = catalogueSchema.parse((await request(app).get('/catalogue')).body);
      const images = [
        ...products.flatMap((p) => p.doses.map((d) => d.image)),
        ...catalogue.products.map((p) => p.image),
      ];
      for (const image of new Set(images)) {
        const res = await getSvg(image.replace('/api/catalog', ''));
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.body).toMatch(/^<svg [^>]*viewBox="0 0 400 400"/);
      }
      const tenMg = (await getSvg('/images/v2/retatrutide/10mg.svg')).body as string;
      expect(tenMg).toContain('>Retatrutide<');
      expect(tenMg).toContain('>10mg<');
    });

    it('keeps a long name inside the label band: two lines, each within its width', async () => {
      const blend = (await getSvg('/images/v2/cjc-1295-ipamorelin/default.svg')).body as string;
      expect(blend).toContain('>CJC-1295 no DAC<');
      expect(blend).toContain('>/ Ipamorelin<');
      const nameLines = [...blend.matchAll(/<text [^>]*font-weight="700"[^>]*>([^<]*)</g)];
      expect(nameLines).toHaveLength(2);
      for (const [line, text] of nameLines) {
        const size = Number(/font-size="(\d+)"/.exec(line)![1]);
        // Either it fits at its size (an average bold glyph is 0.62 em), or it is held to the band.
        expect(text!.length * size * 0.62 <= 124 || line.includes('textLength="124"')).toBe(true);
      }
    });

    it('sends an address of the earlier drawing on to the current one', async () => {
      const res = await request(app).get('/images/v1/retatrutide/10mg.svg');
      expect(res.status).toBe(301);
      expect(res.headers.location).toBe('../../v2/retatrutide/10mg.svg');
    });

    it('answers 404 for a picture that does not exist', async () => {
      expect((await request(app).get('/images/v2/retatrutide/7mg.svg')).status).toBe(404);
      expect((await request(app).get('/images/v2/nothing/default.svg')).status).toBe(404);
    });
  });
});
