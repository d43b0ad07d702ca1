import { isRoutineProbe, requestLogging, type Logger } from '@storefront/server-kit';
import express, { type ErrorRequestHandler, type Request, type Response } from 'express';
import helmet from 'helmet';
import type { SandboxConfig } from './config';
import { TEST_CARDS, isCardNumber, renderHostedPage, type PageState } from './hosted-page';
import { createPaymentLinkSchema, PaymentLinkBook, paymentLinkJson, type PaymentLink } from './payment-links';
import { sendSquareErrors, type SquareApiError } from './square-errors';
import { refundJson, RefundBook, refundPaymentSchema } from './refunds';
import { paymentUpdatedEvent, refundEvent, WebhookSender } from './webhooks';
import { version } from '../package.json';

const zodIssueToSquare = (issue: { path: PropertyKey[]; message: string; code: string }): SquareApiError => ({
  category: 'INVALID_REQUEST_ERROR',
  code: issue.code === 'invalid_type' ? 'MISSING_REQUIRED_PARAMETER' : 'INVALID_VALUE',
  detail: issue.message,
  field: issue.path.map(String).join('.'),
});

export interface Sandbox {
  app: express.Express;
  book: PaymentLinkBook;
  webhooks: WebhookSender;
}

/**
 * Development and test stand-in for Square: the payment-links endpoint the checkout service calls
 * through the real `square` SDK, the hosted card page, and signed payment.updated webhooks.
 */
/** A card is good through the last day of its expiry month (MM/YY), as Square's sandbox reads it. */
function hasExpired(expiry: string, now: Date): boolean {
  const [month, year] = expiry.split('/').map((part) => Number(part.trim()));
  return new Date(Date.UTC(2000 + year!, month!, 1)) <= now;
}

export function createSandbox(config: SandboxConfig, logger: Logger): Sandbox {
  const book = new PaymentLinkBook(config.SANDBOX_PUBLIC_URL, config.SANDBOX_LOCATION_ID);
  const webhooks = new WebhookSender(
    {
      notificationUrl: config.SANDBOX_WEBHOOK_URL,
      signatureKey: config.SANDBOX_WEBHOOK_SIGNATURE_KEY,
      merchantId: 'SANDBOX-MERCHANT',
      locationId: config.SANDBOX_LOCATION_ID,
      firstRetryMs: config.SANDBOX_WEBHOOK_RETRY_MS,
      attempts: config.SANDBOX_WEBHOOK_ATTEMPTS,
    },
    logger,
  );
  const page = (
    res: Response,
    link: PaymentLink,
    status = 200,
    state: Omit<PageState, 'merchantName'> = {},
  ) =>
    res
      .status(status)
      .type('html')
      .send(renderHostedPage(link, { merchantName: config.SANDBOX_MERCHANT_NAME, ...state }));
  const linkOf = (req: Request) => book.find(String(req.params.linkId));

  const app = express();
  app.disable('x-powered-by');
  app.use(
    helmet({
      // The card form redirects to the storefront after paying; form-action 'self' would block that redirect.
      contentSecurityPolicy: { directives: { formAction: null } },
      // The browsers' default rather than helmet's no-referrer, as a hosted payment page on the web
      // sends it: the storefront's /cancel then knows the shopper came from here (its Try Again goes back).
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    }),
  );
  app.use(requestLogging(logger, isRoutineProbe));

  // Nothing to be unready about: no database, state lives in memory.
  app.get(['/healthz', '/readyz'], (_req, res) => {
    res.json({ status: 'ok', service: 'payment-sandbox', version });
  });

  const authorized = (req: Request) => req.get('authorization') === `Bearer ${config.SANDBOX_ACCESS_TOKEN}`;
  const unauthorized = (res: Response) =>
    sendSquareErrors(res, 401, [
      {
        category: 'AUTHENTICATION_ERROR',
        code: 'UNAUTHORIZED',
        detail: 'This request could not be authorized.',
      },
    ]);

  app.post('/v2/online-checkout/payment-links', express.json({ limit: '64kb' }), (req, res) => {
    if (!authorized(req)) return unauthorized(res);
    const parsed = createPaymentLinkSchema.safeParse(req.body);
    if (!parsed.success) return sendSquareErrors(res, 400, parsed.error.issues.map(zodIssueToSquare));
    const outcome = book.create(parsed.data);
    if (outcome.kind === 'error') return sendSquareErrors(res, outcome.status, outcome.errors);
    const { link } = outcome;
    res.json({
      payment_link: paymentLinkJson(link),
      related_resources: {
        orders: [
          {
            id: link.orderId,
            location_id: config.SANDBOX_LOCATION_ID,
            reference_id: link.request.order.reference_id,
            state: link.payment ? 'COMPLETED' : 'OPEN',
            total_money: { amount: link.receipt.total, currency: 'USD' },
          },
        ],
      },
    });
  });

  app.get('/pay/:linkId', (req, res) => {
    const link = linkOf(req);
    if (!link) return res.status(404).type('text').send('This payment link does not exist.');
    page(res, link);
  });

  app.post('/pay/:linkId', express.urlencoded({ extended: false, limit: '4kb' }), (req, res) => {
    const link = linkOf(req);
    if (!link) return res.status(404).type('text').send('This payment link does not exist.');
    if (link.payment) return page(res, link, 409);
    const form = req.body as Record<string, string | undefined>;
    const cardNumber = (form.cardNumber ?? '').replace(/[\s-]/g, '');
    const values = { cardNumber: form.cardNumber, expiry: form.expiry, postalCode: form.postalCode };
    if (!isCardNumber(cardNumber)) {
      return page(res, link, 400, { error: 'Enter a valid card number.', values });
    }
    if (!/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/.test(form.expiry ?? '') || !/^\d{3,4}$/.test(form.cvv ?? '')) {
      return page(res, link, 400, { error: 'Enter the expiry as MM/YY and a 3 or 4 digit CVV.', values });
    }
    if (hasExpired(form.expiry!, new Date())) {
      return page(res, link, 402, { error: 'Card expired. Try another card.', values });
    }
    if (cardNumber === TEST_CARDS.declined) {
      return page(res, link, 402, { error: 'Card declined. Try another card.', values });
    }
    book.pay(link, cardNumber.slice(-4));
    webhooks.send(paymentUpdatedEvent(link, webhooks.subscription));
    const redirect = link.request.checkout_options?.redirect_url;
    if (redirect) return res.redirect(303, redirect);
    page(res, link);
  });

  // Square's RefundPayment: the refund completes at once here, and is announced as Square does, by a
  // refund.created (pending) and a refund.updated (completed) event.
  const refunds = new RefundBook();
  app.post('/v2/refunds', express.json({ limit: '16kb' }), (req, res) => {
    if (!authorized(req)) return unauthorized(res);
    const parsed = refundPaymentSchema.safeParse(req.body);
    if (!parsed.success) return sendSquareErrors(res, 400, parsed.error.issues.map(zodIssueToSquare));
    const outcome = refunds.refund(book.findByPayment(parsed.data.payment_id), parsed.data);
    if (outcome.kind === 'error') return sendSquareErrors(res, outcome.status, outcome.errors);
    if (outcome.kind === 'created') {
      webhooks.send(
        refundEvent('refund.created', refundJson(outcome.refund, 'PENDING'), webhooks.subscription),
      );
      webhooks.send(refundEvent('refund.updated', refundJson(outcome.refund), webhooks.subscription));
    }
    res.json({ refund: refundJson(outcome.refund, 'PENDING') });
  });

  /** How many payment links were made, for the load benchmark's count of orders against links. */
  app.get('/sandbox/payment-links/count', (_req, res) => {
    res.json({ count: book.count });
  });

  /** A link as the sandbox holds it (its Square order and payment), for tests that refund what they paid.
   * After /count, which it would otherwise take for a link's id. */
  app.get('/sandbox/payment-links/:linkId', (req, res) => {
    const link = linkOf(req);
    if (!link) return res.status(404).json({ error: 'no such link' });
    res.json({ id: link.id, orderId: link.orderId, payment: link.payment });
  });

  /** What was sent to the webhook subscription, for tests and for a developer's curiosity. */
  app.get('/sandbox/webhooks', (_req, res) => {
    res.json(webhooks.deliveries);
  });

  const squareErrors: ErrorRequestHandler = (error: { status?: number; type?: string }, _req, res, _next) => {
    const status = error.status ?? 500;
    if (status >= 500) logger.error({ err: error }, 'sandbox failure');
    sendSquareErrors(res, status, [
      {
        category: status >= 500 ? 'API_ERROR' : 'INVALID_REQUEST_ERROR',
        code:
          error.type === 'entity.parse.failed'
            ? 'INVALID_JSON'
            : status >= 500
              ? 'INTERNAL_SERVER_ERROR'
              : 'BAD_REQUEST',
        detail:
          status >= 500 ? 'Something went wrong in the sandbox.' : 'The request body could not be read.',
      },
    ]);
  };
  app.use(squareErrors);
  return { app, book, webhooks };
}
