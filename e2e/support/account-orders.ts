import { expect, type APIRequestContext, type Download } from '@playwright/test';
import { pdfText } from '@storefront/documents/testing';
import { apiOrder } from './checkout';

/** An order placed through the shop's API as a guest (never paid), by `email`: its number and total. */
export async function guestOrder(request: APIRequestContext, email: string) {
  const placed = await request.post('/api/checkout/orders', {
    headers: { 'Idempotency-Key': `guest-${Date.now()}-${Math.floor(Math.random() * 1e9)}` },
    data: { ...apiOrder({ productId: 'semax', dose: '10mg', email }), checkout: 'product' },
  });
  expect(placed.status()).toBe(201);
  return (await placed.json()) as { orderNumber: string; totals: { total: number } };
}

/** A downloaded PDF's text, as a reader sees it. */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await download.createReadStream()) as AsyncIterable<Buffer>) chunks.push(chunk);
  return (await pdfText(Buffer.concat(chunks))).text;
}
