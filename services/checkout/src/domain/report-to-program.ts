import type { Database } from '@storefront/server-kit/domain';
import {
  markProgramEventsDelivered,
  pendingProgramEvents,
  type ProgramEvent,
} from '../store/program-events-store';

/** The affiliate program as checkout reaches it: it takes events in order, and each more than once safely. */
export interface ProgramInbox {
  /** Throws when the program cannot be reached or refuses: the events stay to be sent again. */
  take(events: ProgramEvent[]): Promise<void>;
}

/** How many events one request carries at most. */
const BATCH = 100;

/**
 * Sends the program every event it has not taken, oldest first, a batch at a time, and notes each batch
 * taken. A batch that fails stays for the next delivery; the program is idempotent, so a batch sent
 * again after a lost answer changes nothing twice.
 */
export async function deliverProgramEvents(db: Database, inbox: ProgramInbox): Promise<number> {
  let delivered = 0;
  for (;;) {
    const events = await pendingProgramEvents(db, BATCH);
    if (events.length === 0) return delivered;
    await inbox.take(events);
    await markProgramEventsDelivered(
      db,
      events.map((event) => event.id),
    );
    delivered += events.length;
  }
}
