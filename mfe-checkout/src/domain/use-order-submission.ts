import { bus } from '@storefront/bus';
import { ApiError } from '@storefront/commerce/api-client';
import {
  checkoutProblem,
  orderRequestSchema,
  type OrderRequestInput,
  type PlacedOrder,
} from '@storefront/commerce/checkout';
import { submitFailureMessage } from '../order/payment-messages';
import { useRef, useState } from 'react';
import { checkoutApi } from '../api';
import { orderKey } from '../order/order-fields';

export interface OrderSubmissionOptions {
  /** Whether the failure toast names the reason (the newer pages) or not (the generic checkout). */
  failureStyle: 'with-reason' | 'plain';
  /** Runs once the payment page is known, just before the browser leaves (the cart checkout empties the cart). */
  beforeRedirect?(): void;
  /** Leaves the page; a full-page navigation to the hosted payment page. */
  redirect?(url: string): void;
  /** Runs after a refused or failed order, once its toast is shown (the cart checkout re-prices). */
  onFailure?(error: unknown): void;
}

/** A pause long enough for a restarting service or a passing crowd (the gateway's Retry-After). */
const RETRY_PAUSE_MS = 1_000;

/** A failure a moment may cure: no answer at all, or the service down, restarting or busy (502–504). */
const mayPass = (error: unknown) =>
  error instanceof ApiError && (error.status === 0 || (error.status >= 502 && error.status <= 504));

/**
 * The order placed, sent once more by itself after a failure that may pass, with the same key (the
 * service makes it at most once), before the shopper is told.
 */
async function placeOrder(order: OrderRequestInput, key: string): Promise<PlacedOrder> {
  try {
    return await checkoutApi.placeOrder(order, key);
  } catch (error) {
    if (!mayPass(error)) throw error;
    await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
    return checkoutApi.placeOrder(order, key);
  }
}

/**
 * Spec section 4's submit states: idle → processing ('Processing...', repeat clicks ignored) → a
 * full-page redirect to the payment page, or back to idle with a toast. The same order sent again (a
 * retry after an error) carries the same Idempotency-Key, made as the server makes it for a form it
 * completes (order-fields.ts), so the service never makes it twice.
 */
export function useOrderSubmission({
  failureStyle,
  beforeRedirect,
  redirect = (url) => window.location.assign(url),
  onFailure,
}: OrderSubmissionOptions) {
  const [processing, setProcessing] = useState(false);
  const inFlight = useRef(false);
  const attempt = useRef<{ body: string; key: string } | null>(null);

  async function submit(order: OrderRequestInput) {
    if (inFlight.current) return;
    const parsed = orderRequestSchema.safeParse(order);
    // Only a page bug (an unknown channel, an over-long code) gets here; the shopper still hears of it.
    const problem = parsed.success
      ? checkoutProblem(parsed.data)
      : {
          title: 'Invalid order',
          description: 'This order cannot be placed as it is. Please review it and try again.',
        };
    if (problem) {
      bus.publish('toast/show', {
        title: problem.title,
        description: problem.description,
        variant: 'destructive',
      });
      return;
    }
    inFlight.current = true;
    setProcessing(true);
    const body = JSON.stringify(order);
    if (attempt.current?.body !== body) attempt.current = { body, key: await orderKey(order) };
    try {
      const placed = await placeOrder(order, attempt.current.key);
      beforeRedirect?.();
      // Stays 'Processing...' while the browser leaves for the payment page.
      redirect(placed.url);
    } catch (error) {
      inFlight.current = false;
      setProcessing(false);
      const message = submitFailureMessage(error, failureStyle);
      if (message) bus.publish('toast/show', { ...message, variant: 'destructive' });
      onFailure?.(error);
    }
  }

  return { processing, submit };
}
