import type { AccountSessions, Database, Limiter, Logger } from '@storefront/server-kit';
import type { RecordedEvents } from './domain/program-events';

/** What the affiliate service is made of. */
export interface AffiliateParts {
  db: Database;
  logger: Logger;
  /** Who a signed-in account is: the account service (or hosted Supabase) asked for the token's user. */
  accounts: AccountSessions;
  /** Checkout, asked for the events it recorded, which the program takes only as it has them. */
  checkout: RecordedEvents;
  /** Sends checkout the code changes it has not taken (after a decision; also on a timer). */
  deliverCodeChanges(): void;
  /** The credential operators present on /operator routes (AFFILIATE_OPERATOR_TOKEN). */
  operatorToken: string;
  limits: {
    /** Applications one client may send per window. */
    applications: Limiter;
    /** Operator requests one client may send per window, right credential or wrong. */
    operator: Limiter;
  };
}
