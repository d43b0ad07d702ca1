import { createRelayClient, type ServiceEndpoints } from '@storefront/server-kit';
import type { ProgramInbox } from './domain/report-to-program';

/** This service's one seam to the affiliate program: the inbox of what checkout saw (/internal, service key). */
export function createProgramInbox(
  baseUrl: string,
  serviceKey: string,
  timeoutMs: number,
  endpoints: ServiceEndpoints | null,
): ProgramInbox & { close(): Promise<void> } {
  const program = createRelayClient({ service: 'affiliate', baseUrl, serviceKey, timeoutMs, endpoints });
  return {
    async take(events) {
      const answer = await program.call({
        method: 'POST',
        path: '/internal/program-events',
        body: { events },
      });
      if (answer.status !== 204) throw new Error(`the affiliate program answered ${answer.status}`);
    },
    close: program.close,
  };
}
