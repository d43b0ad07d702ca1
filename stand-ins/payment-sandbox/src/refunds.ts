import { createHash } from 'node:crypto';
import { z } from 'zod';
import { squareId, type PaymentLink } from './payment-links';
import type { SquareApiError } from './square-errors';

/** Square's RefundPayment request (POST /v2/refunds), as far as the sandbox reads it. */
export const refundPaymentSchema = z.object({
  idempotency_key: z.string().min(1).max(45),
  payment_id: z.string().min(1),
  amount_money: z.object({ amount: z.number().int().positive(), currency: z.literal('USD') }),
  reason: z.string().max(192).optional(),
});
export type RefundPayment = z.infer<typeof refundPaymentSchema>;

export interface Refund {
  id: string;
  status: 'PENDING' | 'COMPLETED';
  paymentId: string;
  orderId: string;
  amount: number;
  createdAt: string;
}

export type RefundOutcome =
  | { kind: 'created' | 'replayed'; refund: Refund }
  | { kind: 'error'; status: number; errors: SquareApiError[] };

const refused = (status: number, code: string, detail: string, field?: string): RefundOutcome => ({
  kind: 'error',
  status,
  errors: [{ category: 'INVALID_REQUEST_ERROR', code, detail, ...(field ? { field } : {}) }],
});

/**
 * Refunds of the sandbox's payments, kept in memory. Idempotent as Square is (the same key and body
 * answer with the first refund), and never more back than a payment took, over all its refunds.
 */
export class RefundBook {
  private readonly byKey = new Map<string, { fingerprint: string; refund: Refund }>();
  private readonly refunded = new Map<string, number>();

  refund(link: PaymentLink | undefined, request: RefundPayment): RefundOutcome {
    const fingerprint = createHash('sha256').update(JSON.stringify(request)).digest('hex');
    const earlier = this.byKey.get(request.idempotency_key);
    if (earlier) {
      return earlier.fingerprint === fingerprint
        ? { kind: 'replayed', refund: earlier.refund }
        : refused(
            400,
            'IDEMPOTENCY_KEY_REUSED',
            'The idempotency key was already used with a different request.',
          );
    }
    if (!link?.payment) return refused(404, 'NOT_FOUND', 'Payment not found.', 'payment_id');
    const already = this.refunded.get(link.payment.id) ?? 0;
    if (already + request.amount_money.amount > link.payment.amount) {
      return refused(
        400,
        'REFUND_AMOUNT_INVALID',
        'The refund exceeds what the payment took.',
        'amount_money',
      );
    }
    this.refunded.set(link.payment.id, already + request.amount_money.amount);
    const refund: Refund = {
      id: squareId(24),
      status: 'COMPLETED',
      paymentId: link.payment.id,
      orderId: link.orderId,
      amount: request.amount_money.amount,
      createdAt: new Date().toISOString(),
    };
    this.byKey.set(request.idempotency_key, { fingerprint, refund });
    return { kind: 'created', refund };
  }
}

/** The refund object of Square's responses and events. */
export const refundJson = (refund: Refund, status: Refund['status'] = refund.status) => ({
  id: refund.id,
  status,
  payment_id: refund.paymentId,
  order_id: refund.orderId,
  amount_money: { amount: refund.amount, currency: 'USD' },
  created_at: refund.createdAt,
  updated_at: new Date().toISOString(),
});
