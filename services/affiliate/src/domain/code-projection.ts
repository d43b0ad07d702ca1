import type { Database, Logger } from '@storefront/server-kit/domain';
import {
  markCodeChangeDelivered,
  pendingCodeChanges,
  type PendingCodeChange,
} from '../store/code-changes-store';

/** Checkout's projection of the codes (ADR 0018), as this service reaches it. */
export interface CodeProjection {
  /**
   * Makes checkout hold the code as given: 'taken' when checkout has the code for another affiliate
   * (sending it again would not change that). Throws when checkout cannot be reached.
   */
  put(change: Omit<PendingCodeChange, 'changeId'>): Promise<'projected' | 'taken'>;
}

/** How many changes one delivery sends at most; the rest wait for the next. */
const BATCH = 50;

/**
 * Sends checkout every change it has not taken, oldest first, and notes each taken one. Stops at the
 * first that cannot be sent (checkout down): the next delivery starts from it. A code checkout has for
 * another affiliate cannot be fixed by sending it again: it is logged for an operator and not resent.
 */
export async function deliverCodeChanges(
  db: Database,
  projection: CodeProjection,
  logger: Logger,
): Promise<number> {
  let delivered = 0;
  for (const { changeId, ...change } of await pendingCodeChanges(db, BATCH)) {
    const outcome = await projection.put(change);
    if (outcome === 'taken') {
      logger.error(
        { code: change.code, affiliateId: change.affiliateId },
        'checkout holds this code for another affiliate',
      );
    }
    await markCodeChangeDelivered(db, changeId);
    delivered += 1;
  }
  return delivered;
}
