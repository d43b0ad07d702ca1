import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { SquareApiError } from './square-errors';

const money = z.object({
  amount: z.number().int().nonnegative(),
  currency: z.literal('USD'),
});

const address = z
  .object({
    address_line_1: z.string().optional(),
    locality: z.string().optional(),
    administrative_district_level_1: z.string().optional(),
    postal_code: z.string().optional(),
    country: z.string().optional(),
    first_name: z.string().optional(),
    last_name: z.string().optional(),
  })
  .loose();

/**
 * The subset of CreatePaymentLinkRequest (in Square's wire format, snake_case) that this sandbox
 * understands: an order with line items, fixed-amount order discounts and fixed-amount service charges.
 * Anything else Square would accept is let through and ignored.
 */
export const createPaymentLinkSchema = z
  .object({
    idempotency_key: z.string().min(1).max(192),
    description: z.string().optional(),
    order: z
      .object({
        location_id: z.string().min(1),
        reference_id: z.string().optional(),
        line_items: z
          .array(
            z
              .object({
                name: z.string().min(1),
                quantity: z.string().regex(/^[1-9]\d*$/, 'must be a whole number of at least 1'),
                variation_name: z.string().optional(),
                note: z.string().optional(),
                base_price_money: money,
              })
              .loose(),
          )
          .min(1),
        discounts: z
          .array(
            z
              .object({
                name: z.string().min(1),
                type: z.literal('FIXED_AMOUNT'),
                amount_money: money,
                scope: z.literal('ORDER'),
              })
              .loose(),
          )
          .optional(),
        service_charges: z
          .array(z.object({ name: z.string().min(1), amount_money: money }).loose())
          .optional(),
      })
      .loose(),
    checkout_options: z
      .object({ redirect_url: z.url().optional(), merchant_support_email: z.string().optional() })
      .loose()
      .optional(),
    pre_populated_data: z
      .object({ buyer_email: z.string().optional(), buyer_address: address.optional() })
      .loose()
      .optional(),
    payment_note: z.string().optional(),
  })
  .loose();

export type CreatePaymentLink = z.infer<typeof createPaymentLinkSchema>;

export interface ReceiptLine {
  label: string;
  amount: number;
}

/** What the hosted page shows and charges; computed here the way Square totals an order. */
export interface Receipt {
  lines: (ReceiptLine & { quantity: number; variation?: string })[];
  discounts: ReceiptLine[];
  serviceCharges: ReceiptLine[];
  total: number;
}

export interface Payment {
  id: string;
  status: 'COMPLETED';
  amount: number;
  cardLast4: string;
  createdAt: string;
}

export interface PaymentLink {
  id: string;
  version: number;
  orderId: string;
  url: string;
  longUrl: string;
  createdAt: string;
  request: CreatePaymentLink;
  receipt: Receipt;
  payment: Payment | null;
}

export function receiptOf(order: CreatePaymentLink['order']): Receipt {
  const lines = order.line_items.map((item) => ({
    label: item.name,
    variation: item.variation_name,
    quantity: Number(item.quantity),
    amount: item.base_price_money.amount * Number(item.quantity),
  }));
  const discounts = (order.discounts ?? []).map((d) => ({ label: d.name, amount: d.amount_money.amount }));
  const serviceCharges = (order.service_charges ?? []).map((c) => ({
    label: c.name,
    amount: c.amount_money.amount,
  }));
  const sum = (items: ReceiptLine[]) => items.reduce((total, item) => total + item.amount, 0);
  return { lines, discounts, serviceCharges, total: sum(lines) - sum(discounts) + sum(serviceCharges) };
}

/** Square ids are opaque upper-case tokens; these look alike so nothing relies on their format. */
export const squareId = (length: number) =>
  randomBytes(length).toString('base64url').replace(/[-_]/g, 'X').slice(0, length).toUpperCase();

export type CreateOutcome =
  | { kind: 'created' | 'replayed'; link: PaymentLink }
  | { kind: 'error'; status: number; errors: SquareApiError[] };

/**
 * Payment links kept in memory (a sandbox restart forgets them, as a sandbox may). Idempotent as
 * Square is: the same key with the same body answers with the first link; the same key with another
 * body is IDEMPOTENCY_KEY_REUSED.
 */
export class PaymentLinkBook {
  private readonly links = new Map<string, PaymentLink>();
  private readonly byIdempotencyKey = new Map<string, { fingerprint: string; linkId: string }>();

  constructor(
    private readonly publicUrl: string,
    private readonly locationId: string,
  ) {}

  create(request: CreatePaymentLink): CreateOutcome {
    const fingerprint = createHash('sha256').update(JSON.stringify(request)).digest('hex');
    const earlier = this.byIdempotencyKey.get(request.idempotency_key);
    if (earlier) {
      if (earlier.fingerprint !== fingerprint) {
        return {
          kind: 'error',
          status: 400,
          errors: [
            {
              category: 'INVALID_REQUEST_ERROR',
              code: 'IDEMPOTENCY_KEY_REUSED',
              detail: 'The idempotency key was already used with a different request.',
              field: 'idempotency_key',
            },
          ],
        };
      }
      return { kind: 'replayed', link: this.links.get(earlier.linkId)! };
    }
    if (request.order.location_id !== this.locationId) {
      return {
        kind: 'error',
        status: 404,
        errors: [
          {
            category: 'INVALID_REQUEST_ERROR',
            code: 'NOT_FOUND',
            detail: `Location \`${request.order.location_id}\` not found.`,
            field: 'order.location_id',
          },
        ],
      };
    }
    const receipt = receiptOf(request.order);
    if (receipt.total <= 0) {
      return {
        kind: 'error',
        status: 400,
        errors: [
          {
            category: 'INVALID_REQUEST_ERROR',
            code: 'INVALID_VALUE',
            detail: 'The order total must be greater than zero.',
            field: 'order',
          },
        ],
      };
    }
    const id = squareId(16);
    const link: PaymentLink = {
      id,
      version: 1,
      orderId: squareId(24),
      url: `${this.publicUrl}/pay/${id}`,
      longUrl: `${this.publicUrl}/pay/${id}?reference=${randomUUID()}`,
      createdAt: new Date().toISOString(),
      request,
      receipt,
      payment: null,
    };
    this.links.set(id, link);
    this.byIdempotencyKey.set(request.idempotency_key, { fingerprint, linkId: id });
    return { kind: 'created', link };
  }

  get count(): number {
    return this.links.size;
  }

  find(id: string): PaymentLink | undefined {
    return this.links.get(id);
  }

  /** The link a payment paid, found by the payment's id (as a refund names it). */
  findByPayment(paymentId: string): PaymentLink | undefined {
    for (const link of this.links.values()) if (link.payment?.id === paymentId) return link;
    return undefined;
  }

  /** Records the one payment a link takes. */
  pay(link: PaymentLink, cardLast4: string): Payment {
    link.payment = {
      id: squareId(22),
      status: 'COMPLETED',
      amount: link.receipt.total,
      cardLast4,
      createdAt: new Date().toISOString(),
    };
    return link.payment;
  }
}

/** The payment_link object of Square's responses. */
export const paymentLinkJson = (link: PaymentLink) => ({
  id: link.id,
  version: link.version,
  description: link.request.description,
  order_id: link.orderId,
  checkout_options: link.request.checkout_options,
  pre_populated_data: link.request.pre_populated_data,
  url: link.url,
  long_url: link.longUrl,
  created_at: link.createdAt,
});
