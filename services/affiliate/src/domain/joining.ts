import { randomInt } from 'node:crypto';
import { DomainError, type Database } from '@storefront/server-kit/domain';
import {
  approveApplication,
  declineApplication,
  findByAccount,
  findById,
  insertApplication,
  type Affiliate,
  type Application,
} from '../store/affiliates-store';
import { recordCodeChange } from '../store/code-changes-store';

/** Letters and digits no one misreads when a code is read aloud or typed from a video (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
/** A drawn code taken already is drawn again; past this many, something other than chance is wrong. */
const CODE_DRAWS = 5;

/** A fresh code: 8 characters of 31, about 8.5 × 10^11 codes, so guessing one is not a way in. */
export const drawCode = (): string =>
  Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** A signed-in account asks to join the program; an account applies once. */
export async function applyToJoin(
  db: Database,
  account: { id: string; email: string | null },
  application: Application,
): Promise<Affiliate> {
  const applied = await insertApplication(db, account, application);
  if (applied) return applied;
  throw new DomainError(
    'conflict',
    'Already applied',
    'This account has already applied to the affiliate program.',
  );
}

/** The account's standing in the program, or null when it has not applied. */
export const standingOf = (db: Database, accountId: string) => findByAccount(db, accountId);

export type Decision = 'approve' | 'decline';

/** An operator approves (giving the affiliate a code of their own) or declines a pending application. */
export async function decideApplication(
  db: Database,
  id: string,
  decision: Decision,
  draw: () => string = drawCode,
): Promise<Affiliate> {
  if (decision === 'decline') return (await declineApplication(db, id)) ?? notPending(db, id);
  for (let attempt = 0; attempt < CODE_DRAWS; attempt++) {
    // The approval and the note that checkout must hear of the code are one change.
    const approved = await db.transaction(async (tx) => {
      const outcome = await approveApplication(tx, id, draw());
      if (outcome && outcome !== 'code-taken') await recordCodeChange(tx, outcome.id);
      return outcome;
    });
    if (approved === 'code-taken') continue;
    return approved ?? notPending(db, id);
  }
  throw new Error(`No free affiliate code after ${CODE_DRAWS} draws`);
}

/** Why a decision could not be made: no such application, or one already decided. */
async function notPending(db: Database, id: string): Promise<never> {
  const affiliate = await findById(db, id);
  if (!affiliate)
    throw new DomainError('not-found', 'No such application', 'There is no application with this id.');
  throw new DomainError(
    'conflict',
    'Already decided',
    `This application was already ${affiliate.status} on ${affiliate.decidedAt}.`,
  );
}
