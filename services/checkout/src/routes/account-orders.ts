import { ORDER_NUMBER } from '@storefront/commerce/checkout';
import { HttpProblem, parseInput } from '@storefront/server-kit';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { orderOfAccount, ordersOfAccount, type AccountOrderServices } from '../domain/account-orders';
import { buildInvoicePdf, invoiceFileName } from '../render/invoice-pdf';
import { accessTokenOf } from './caller';

const pageQuery = z.object({
  page: z
    .string()
    .regex(/^[1-9][0-9]{0,5}$/, { message: 'The page must be a whole number from 1.' })
    .transform(Number)
    .default(1),
});

/** An account's orders are its owner's alone: never kept by a cache, and not for other tabs' eyes. */
const PRIVATE = 'private, no-store';

const callerOf = (req: Request) => ({ accessToken: accessTokenOf(req), requestId: String(req.id) });

/** The order number in the address; one that cannot be an order's is the same not-found as another's. */
function orderNumberOf(req: Request): string {
  const number = String(req.params.orderNumber ?? '').toUpperCase();
  if (!ORDER_NUMBER.test(number))
    throw new HttpProblem(404, 'Order not found', 'There is no order with that number.');
  return number;
}

/**
 * A signed-in researcher's orders (`/account`): one page of them, one order whole, and its invoice as a
 * PDF. The session is the page's bearer token or the one the server signed in (its cookie), so the
 * invoice is a plain link where no script runs.
 */
export function accountOrderRoutes(services: AccountOrderServices & { shopName: string }): Router {
  const router = Router();

  router.get('/account/orders', async (req, res) => {
    const { page } = parseInput(pageQuery, req.query, 'Invalid page');
    res.set('Cache-Control', PRIVATE).json(await ordersOfAccount(services, callerOf(req), page));
  });

  router.get('/account/orders/:orderNumber', async (req, res) => {
    const order = await orderOfAccount(services, callerOf(req), orderNumberOf(req));
    res.set('Cache-Control', PRIVATE).json(order);
  });

  router.get('/account/orders/:orderNumber/invoice.pdf', async (req, res) => {
    const order = await orderOfAccount(services, callerOf(req), orderNumberOf(req));
    const pdf = await buildInvoicePdf(order, services.shopName);
    res
      .set({
        'Cache-Control': PRIVATE,
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${invoiceFileName(order)}"`,
      })
      .send(Buffer.from(pdf));
  });

  return router;
}
