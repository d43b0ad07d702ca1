import { ApiError, type OrderStatus } from '@storefront/commerce';
import { useEffect, useState } from 'react';
import { checkoutApi } from '../api';

const POLL_MS = 2000;
const GIVE_UP_AFTER_MS = 5 * 60_000;

export type LiveStatus = OrderStatus | 'not_found';

/**
 * The order's number and live status, as the checkout service tells them: asked again every two
 * seconds until the payment webhook has marked it paid (or five minutes have passed). 'not_found' when
 * the service knows no such order; null until the first answer, or while the service cannot be reached.
 */
export function useOrderStatus(sessionId: string | null): LiveStatus | null {
  const [status, setStatus] = useState<LiveStatus | null>(null);
  useEffect(() => {
    if (!sessionId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const started = Date.now();
    const poll = async () => {
      const latest = await checkoutApi.orderStatus(sessionId).then(
        (answer): LiveStatus => answer,
        // Unreachable just now: ask again at the next tick. Unknown: there is nothing to wait for.
        (error: unknown): LiveStatus | null =>
          error instanceof ApiError && error.status === 404 ? 'not_found' : null,
      );
      if (stopped) return;
      if (latest) setStatus(latest);
      const waiting = latest !== 'not_found' && latest?.status !== 'paid';
      if (waiting && Date.now() - started < GIVE_UP_AFTER_MS) timer = setTimeout(poll, POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [sessionId]);
  return status;
}
