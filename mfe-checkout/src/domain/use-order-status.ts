import { ApiError } from '@storefront/commerce/api-client';
import { type OrderStatus } from '@storefront/commerce/checkout';
import { usePreloadedResponse, type PreloadedResponse } from '@storefront/ui';
import { useEffect, useRef, useState } from 'react';
import { checkoutApi } from '../api';

const POLL_MS = 2000;
const GIVE_UP_AFTER_MS = 5 * 60_000;

export type LiveStatus = OrderStatus | 'not_found';

/** A status answer: the order, 'not_found' for an id the service does not know, null for a failure. */
function statusOf(read: () => OrderStatus): LiveStatus | null {
  try {
    return read();
  } catch (error) {
    return error instanceof ApiError && error.status === 404 ? 'not_found' : null;
  }
}

const settled = (status: LiveStatus | null) => status === 'not_found' || status?.status === 'paid';

/**
 * The order's number and live status, as the checkout service tells them: first the answer the page
 * was rendered with, then asked again every two seconds until the payment webhook has marked it paid
 * (or five minutes have passed). 'not_found' when the service knows no such order; null until the
 * first answer, or while the service cannot be reached.
 */
export function useOrderStatus(sessionId: string | null): LiveStatus | null {
  const resource = sessionId ? checkoutApi.orderStatus(sessionId) : null;
  const preloaded: PreloadedResponse | undefined = usePreloadedResponse(resource?.url ?? '');
  const [status, setStatus] = useState<LiveStatus | null>(() =>
    resource && preloaded ? statusOf(() => resource.read(preloaded)) : null,
  );
  // The answer the page came with, until the first tick has used it.
  const fromPage = useRef(status);

  useEffect(() => {
    if (!sessionId) return;
    const order = checkoutApi.orderStatus(sessionId);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const started = Date.now();
    const poll = async () => {
      const latest = await order.load().then(
        (answer) => answer,
        (error: unknown) =>
          statusOf(() => {
            throw error;
          }),
      );
      if (stopped) return;
      if (latest) setStatus(latest);
      if (!settled(latest) && Date.now() - started < GIVE_UP_AFTER_MS) timer = setTimeout(poll, POLL_MS);
    };
    const cameWithPage = fromPage.current;
    fromPage.current = null;
    // A settled answer that came with the page needs no other; a pending one is asked again at the tick.
    if (cameWithPage === null) void poll();
    else if (!settled(cameWithPage)) timer = setTimeout(poll, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [sessionId]);
  return status;
}
