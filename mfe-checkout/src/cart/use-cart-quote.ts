import type { CartItem } from '@storefront/bus';
import { ApiError, type CartQuote, type CartQuoteRequest, type SalesChannel } from '@storefront/commerce';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { checkoutApi } from '../api';

export interface CartPricing {
  /** The latest figures for this cart; kept while a newer quote is on its way, so nothing flickers. */
  quote: CartQuote | null;
  /** True while a quote for the cart as it is now is being fetched. */
  pricing: boolean;
  /** Why the cart could not be priced, in the service's words; null when it could. */
  problem: string | null;
  /** Prices the cart again (after an order was refused because a price had changed). */
  refresh(): void;
}

const unpriced = 'Prices cannot be confirmed right now. Please try again shortly.';

/** The request for a cart: its lines (never their prices) and the applied code. */
export const quoteRequestOf = (items: readonly CartItem[], affiliateCode?: string): CartQuoteRequest => ({
  lines: items.map((item) => ({
    productId: item.productId,
    dose: item.variant,
    quantity: item.quantity,
    // The bus only knows channel names as text; the checkout service refuses one it does not sell in.
    channel: item.channel as SalesChannel,
  })),
  affiliateCode,
});

/**
 * Asks the checkout service for the cart's figures each time it is shown and each time its lines or
 * the applied code change: the browser keeps lines, the service says what they cost now.
 */
export function useCartQuote(items: readonly CartItem[], affiliateCode?: string): CartPricing {
  const request = useMemo(() => quoteRequestOf(items, affiliateCode), [items, affiliateCode]);
  const [round, setRound] = useState(0);
  // What was asked, and when: a refresh asks the same question again.
  const key = `${round}:${JSON.stringify(request)}`;
  const [answer, setAnswer] = useState<{ key: string; quote: CartQuote | null; problem: string | null }>();

  useEffect(() => {
    if (request.lines.length === 0) return;
    const aborted = new AbortController();
    checkoutApi.quoteCart(request, aborted.signal).then(
      (quote) => setAnswer({ key, quote, problem: null }),
      (error: unknown) => {
        if (aborted.signal.aborted) return;
        const problem = error instanceof ApiError && error.status < 500 ? error.problem?.detail : undefined;
        setAnswer((last) => ({ key, quote: last?.quote ?? null, problem: problem ?? unpriced }));
      },
    );
    return () => aborted.abort();
    // `key` stands for `request` and the round: a new array of the same lines must not ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const refresh = useCallback(() => setRound((n) => n + 1), []);
  return {
    quote: answer?.quote ?? null,
    pricing: answer?.key !== key,
    problem: answer?.key === key ? answer.problem : null,
    refresh,
  };
}
