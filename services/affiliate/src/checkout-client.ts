import { createRelayClient, type ServiceEndpoints } from '@storefront/server-kit';
import type { CodeProjection } from './domain/code-projection';
import type { RecordedEvents } from './domain/program-events';

/**
 * This service's one seam to checkout (/internal, service key): its projection of the program's codes,
 * and the events it recorded for the program, which the program takes only as checkout has them.
 */
export function createCheckoutClient(
  baseUrl: string,
  serviceKey: string,
  timeoutMs: number,
  endpoints: ServiceEndpoints | null,
): CodeProjection & RecordedEvents & { close(): Promise<void> } {
  const checkout = createRelayClient({ service: 'checkout', baseUrl, serviceKey, timeoutMs, endpoints });
  return {
    async put({ code, ...rest }) {
      const answer = await checkout.call({
        method: 'PUT',
        path: `/internal/affiliate-codes/${encodeURIComponent(code)}`,
        body: rest,
      });
      if (answer.status === 204) return 'projected';
      if (answer.status === 409) return 'taken';
      throw new Error(`checkout answered ${answer.status} to the code ${code}`);
    },
    async recorded(ids) {
      const answer = await checkout.call({
        method: 'POST',
        path: '/internal/program-events/lookup',
        body: { ids },
        repeatable: true,
      });
      if (answer.status !== 200)
        throw new Error(`checkout answered ${answer.status} to the events ${ids.join(', ')}`);
      return (answer.body as { events: unknown[] }).events;
    },
    close: checkout.close,
  };
}
