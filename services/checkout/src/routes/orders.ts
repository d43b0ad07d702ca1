import { createHash } from 'node:crypto';
import { checkoutProblem, orderRequestSchema } from '@storefront/commerce';
import { HttpProblem, parseInput, type Database, type Limiter } from '@storefront/service-kit';
import { Router } from 'express';
import { affiliateCodeSchema } from '../affiliate-code';
import type { CatalogPricing } from '../catalog-client';
import { priceOrder } from '../domain/price-order';
import { countAffiliateAttempt } from './affiliates';
import { findAffiliateDiscount } from '../store/affiliates-store';
import { PaymentFailure, type PaymentGateway } from '../payments/square-gateway';
import type { OrderForPayment } from '../payments/square-order';
import {
  createOrder,
  findOrderStatus,
  loadOrderForPayment,
  orderForPayment,
  recordPaymentLink,
  type StoredOrder,
} from '../store/orders-store';

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

const keyReused = () =>
  new HttpProblem(
    422,
    'Request already used',
    'This Idempotency-Key was already used for a different order.',
  );

/** Per-client budgets: orders made (each one a payment link), and affiliate codes tried. */
export interface OrderLimits {
  orders: Limiter;
  affiliateAttempts: Limiter;
}

export function orderRoutes(
  db: Database,
  pricing: CatalogPricing,
  payments: PaymentGateway,
  limits: OrderLimits,
): Router {
  const router = Router();

  /**
   * The order is stored before Square is called, so a failed call leaves it pending_payment; a retry
   * with the same Idempotency-Key comes back here for the same order (read back from the database),
   * and Square, keyed by the order id, cannot make a second link for it.
   */
  async function withPaymentUrl(stored: StoredOrder, justStored?: OrderForPayment) {
    let url = stored.paymentUrl;
    if (!url) {
      try {
        const order = justStored ?? (await loadOrderForPayment(db, stored.order.orderId));
        url = await recordPaymentLink(db, stored.order.orderId, await payments.createPaymentLink(order));
      } catch (error) {
        if (!(error instanceof PaymentFailure)) throw error;
        throw new HttpProblem(502, 'Payment Error', error.message);
      }
    }
    return { ...stored.order, url };
  }

  router.post('/orders', async (req, res) => {
    const idempotencyKey = idempotencyKeyOf(req.get('Idempotency-Key'));
    const request = parseInput(orderRequestSchema, req.body ?? {});
    const problem = checkoutProblem(request);
    if (problem) throw new HttpProblem(400, problem.title, problem.description);
    const fingerprint = createHash('sha256').update(JSON.stringify(request)).digest('hex');
    // Counted once the order is one a shopper could place, so a form sent half-filled costs nothing.
    await limits.orders.charge(req.ip ?? 'unknown', 'orders');

    let affiliate = null;
    if (request.affiliateCode) {
      await countAffiliateAttempt(limits.affiliateAttempts, req.ip);
      const code = affiliateCodeSchema.parse(request.affiliateCode);
      const discount = await findAffiliateDiscount(db, code);
      if (!discount)
        throw new HttpProblem(422, 'Invalid Code', 'The affiliate code you entered is not valid.');
      affiliate = { ...discount, code };
    }

    const priced = await priceOrder(request, affiliate?.discountRate ?? 0, pricing, String(req.id));
    const order = { request, priced, affiliate, idempotencyKey, fingerprint };
    // A retry or a double submit gets the first answer back, and nothing new is created.
    const { stored, created } = await createOrder(db, order);
    if (!created && stored.fingerprint !== fingerprint) throw keyReused();
    res
      .status(created ? 201 : 200)
      .json(await withPaymentUrl(stored, created ? orderForPayment(stored, order) : undefined));
  });

  router.get('/orders/:orderId', async (req, res) => {
    const status = ORDER_ID.test(req.params.orderId) ? await findOrderStatus(db, req.params.orderId) : null;
    if (!status) throw new HttpProblem(404, 'Order not found', 'There is no order with that reference.');
    res.set('Cache-Control', 'no-store').json(status);
  });

  return router;
}
