import { createRelayClient, type ServiceEndpoints } from '@storefront/server-kit';
import type { CodeProjection } from './domain/code-projection';

/** This service's one seam to checkout: its projection of the program's codes (/internal, service key). */
export function createCheckoutCodes(
  baseUrl: string,
  serviceKey: string,
  timeoutMs: number,
  endpoints: ServiceEndpoints | null,
): CodeProjection & { close(): Promise<void> } {
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
    close: checkout.close,
  };
}
