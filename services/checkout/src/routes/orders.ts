import { orderRequestSchema } from '@storefront/commerce/checkout';
import { HttpProblem, parseInput } from '@storefront/server-kit';
import { Router } from 'express';
import { buyerOf } from './caller';
import { placeOrder, type OrderServices } from '../domain/place-order';
import type { CookieSettings } from './cookies';
import { findOrderStatus } from '../store/orders-store';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;
const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function idempotencyKeyOf(header: string | undefined): string | null {
  if (header === undefined) return null;
  if (!IDEMPOTENCY_KEY.test(header)) {
    throw new HttpProblem(
      400,
      'Invalid request',
      'The Idempotency-Key header must be 8 to 100 letters, digits, "-" or "_".',
    );
  }
  return header;
}

export function orderRoutes(services: OrderServices & { cookies: CookieSettings }): Router {
  const router = Router();

  router.post('/orders', async (req, res) => {
    const idempotencyKey = idempotencyKeyOf(req.get('Idempotency-Key'));
    const request = parseInput(orderRequestSchema, req.body ?? {});
    const { created, order } = await placeOrder(
      request,
      idempotencyKey,
      services,
      buyerOf(req, services.cookies.signingKey),
    );
    // An order carries its buyer's details and payment page: for them only, never kept by a cache.
    res
      .status(created ? 201 : 200)
      .set('Cache-Control', 'no-store')
      .json(order);
  });

  router.get('/orders/:orderId', async (req, res) => {
    const status = ORDER_ID.test(req.params.orderId)
      ? await findOrderStatus(services.db, req.params.orderId)
      : null;
    if (!status) throw new HttpProblem(404, 'Order not found', 'There is no order with that reference.');
    res.set('Cache-Control', 'no-store').json(status);
  });

  return router;
}
