import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { catalogService, startCatalog } from '@storefront/catalog-service/definition';
import { productPageSchema } from '@storefront/commerce/product';
import {
  openTestService,
  testAppSettings,
  testDatabaseKinds,
  type TestService,
} from '@storefront/server-kit/testing';
import request from 'supertest';
import { createCatalogClient } from '../src/catalog-client';
import { startProduct } from '../src/definition';
import { pdfText } from '@storefront/documents/testing';

const CATALOGUE_IDS = [
  '5-amino-1mq',
  'aod-9604',
  'bacteriostatic-water',
  'bpc-157',
  'bpc-tb-blend',
  'cjc-1295-ipamorelin',
];

/** supertest buffers PDFs as binary when asked to. */
const binary = (res: request.Response, done: (err: Error | null, body: Buffer) => void) => {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
};

describe.each(testDatabaseKinds())('product service on %s', (kind) => {
  let catalog: TestService;
  let product: TestService;
  let catalogServer: Server;
  let app: TestService['app'];
  const productOn = (catalogUrl: string, timeoutMs: number) =>
    openTestService(kind, {
      name: 'product',
      migrationsDir: path.join(__dirname, '../migrations'),
      start: (context) =>
        startProduct(context, {
          catalog: createCatalogClient(catalogUrl, timeoutMs, testAppSettings.serviceKey, 0, null),
          shopName: 'Helix Research',
        }),
    });

  beforeAll(async () => {
    catalog = await openTestService(kind, {
      name: 'catalog',
      migrationsDir: catalogService.migrationsDir,
      start: startCatalog,
    });
    catalogServer = createServer(catalog.app).listen(0, '127.0.0.1');
    await once(catalogServer, 'listening');
    product = await productOn(`http://127.0.0.1:${(catalogServer.address() as AddressInfo).port}`, 2000);
    app = product.app;
  });
  afterAll(async () => {
    catalogServer.close();
    await Promise.all([catalog.dispose(), product.dispose()]);
  });

  it('has a record for every catalogue card and every related product', async () => {
    const { rows } = await product.db.query<{ product_id: string }>('SELECT product_id FROM product_details');
    const ids = rows.map((row) => row.product_id);
    expect(ids).toEqual(expect.arrayContaining(CATALOGUE_IDS));
    for (const id of ids) {
      const page = productPageSchema.parse((await request(app).get(`/products/${id}`).expect(200)).body);
      expect(page.related).toHaveLength(3);
      for (const related of page.related) expect(ids).toContain(related.id);
    }
  });

  it.each(CATALOGUE_IDS.concat('tb-500', 'ghk-cu'))('keeps %s consistent with the catalogue', async (id) => {
    const page = productPageSchema.parse((await request(app).get(`/products/${id}`)).body);
    expect(page.product.id).toBe(id);
    expect(page.certificate.purityHPLC.startsWith(`${page.product.purity.toFixed(1)}%`)).toBe(true);
    const masses = page.product.molecularWeight.replace(' g/mol', '').split(' / ');
    for (const mass of masses) {
      // Water is not a peptide: its certificate has no mass-spectrometry identity.
      if (id !== 'bacteriostatic-water') expect(page.certificate.purityMS).toContain(`${mass} Da`);
    }
    expect(page.fullDescription.length).toBeGreaterThan(100);
    expect(page.safetyInformation.length).toBeGreaterThanOrEqual(4);
    expect(page.storageHandling.length).toBeGreaterThanOrEqual(4);
  });

  it("serves BPC-157 with the spec's figures and its related products priced by the catalog", async () => {
    const page = productPageSchema.parse((await request(app).get('/products/bpc-157')).body);
    expect(page.product).toMatchObject({
      name: 'BPC-157',
      dose: '10mg',
      price: 7999,
      casNumber: '137525-51-0',
      category: 'Tissue Research',
    });
    expect(page.specifications.stability).toBe('24 months at -20°C; working solutions within 24 hours');
    expect(page.specifications.storage).toContain('-20°C');
    expect(page.specifications.endotoxin).toBe('< 0.1 EU/mg');
    expect(page.specifications.heavyMetals).toBe('< 10 ppm');
    expect(page.storageHandling).toContain('Shelf life: 24 months at -20°C in the sealed vial.');
    expect(page.related.map((r) => [r.id, r.price])).toEqual([
      ['tb-500', 6000],
      ['bpc-tb-blend', 15999],
      ['ghk-cu', 6999],
    ]);
  });

  it('answers an unknown or malformed id with 404', async () => {
    expect((await request(app).get('/products/unicorn-dust')).status).toBe(404);
    expect((await request(app).get('/products/..%2Fetc')).status).toBe(404);
    expect((await request(app).get('/products/unicorn-dust/coa.pdf')).status).toBe(404);
  });

  it('generates a certificate of analysis PDF that reads back with every value', async () => {
    const res = await request(app).get('/products/bpc-157/coa.pdf').buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="CoA-bpc-157-BPC157-2610-014.pdf"');
    const page = productPageSchema.parse((await request(app).get('/products/bpc-157')).body);
    const { text, pages, title } = await pdfText(res.body as Buffer);
    expect(pages).toBe(1);
    expect(title).toBe('Certificate of Analysis - BPC-157 - BPC157-2610-014');
    for (const value of [
      'Certificate of Analysis',
      'BPC-157 (10mg)',
      page.product.casNumber,
      page.product.molecularFormula,
      page.certificate.batchNumber,
      page.certificate.testDate,
      ...Object.values(page.certificate),
      page.specifications.endotoxin,
      page.specifications.heavyMetals,
    ]) {
      expect(text).toContain(value);
    }
  });

  it('writes symbols the PDF fonts lack in plain text', async () => {
    const res = await request(app).get('/products/bacteriostatic-water/coa.pdf').buffer(true).parse(binary);
    const { text } = await pdfText(res.body as Buffer);
    expect(text).toContain('>= 99%');
  });

  it('serves a price changed in the catalog database within a second, without a restart', async () => {
    const priceOf = async () =>
      productPageSchema.parse((await request(app).get('/products/bpc-157')).body).product.price;
    const changePrice = (cents: number) =>
      catalog.db.query(
        "UPDATE price_list_entries SET price_cents = price_cents + $1 WHERE channel = 'catalogue' AND product_id = 'bpc-157'",
        [cents],
      );
    const before = await priceOf();
    await changePrice(100);
    const changedAt = Date.now();
    try {
      while ((await priceOf()) !== before + 100) {
        expect(Date.now() - changedAt).toBeLessThan(1_000);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await changePrice(-100);
    }
  });

  it('says product information is unavailable when the catalog cannot be reached', async () => {
    const offline = await productOn('http://127.0.0.1:9', 500);
    const res = await request(offline.app).get('/products/bpc-157');
    expect(res.status).toBe(503);
    expect(res.body.detail).toBe('Product information cannot be loaded right now. Please try again shortly.');
    await offline.dispose();
  });
});
