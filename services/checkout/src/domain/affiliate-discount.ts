import type { AffiliateDiscount } from '@storefront/commerce/checkout';
import { DomainError, type Database, type Limiter } from '@storefront/server-kit/domain';
import { affiliateCodeSchema } from '../affiliate-code';
import { findAffiliateDiscount } from '../store/affiliates-store';

export type CodeDiscount = AffiliateDiscount & { code: string };

/**
 * Spec section 8's refusal of a code: not found where the code is what was asked about (the lookup),
 * refused where it is one part of a request (a quote, an order).
 */
export const invalidCode = (asked: 'the code' | 'part of a request' = 'part of a request') =>
  new DomainError(
    asked === 'the code' ? 'not-found' : 'refused',
    'Invalid Code',
    'The affiliate code you entered is not valid.',
  );

/**
 * Charges one affiliate-code attempt to the client, on the budget every route that looks a code up
 * shares (lookups, quotes and orders), so codes cannot be enumerated through any of them.
 */
export const chargeCodeAttempt = (attempts: Limiter, client: string) =>
  attempts.charge(client, 'affiliate code attempts');

/**
 * The discount a code gives, or Invalid Code. `charge` says what a try costs: 'every-try' where a code
 * is typed (lookups, orders), 'misses' where the code is the applied one sent again with every view of
 * the cart, so a shopper's own code costs nothing while guesses still run out of budget. A client out
 * of budget is refused whatever the code: were a known code still answered where guesses are refused,
 * the refusal itself would tell the codes apart.
 */
export async function discountOfCode(
  db: Database,
  attempts: Limiter,
  client: string,
  rawCode: string,
  charge: 'every-try' | 'misses',
): Promise<CodeDiscount> {
  if (charge === 'every-try' || (await attempts.refusal(client)) !== null)
    await chargeCodeAttempt(attempts, client);
  const discount = await findCodeDiscount(db, rawCode);
  if (discount) return discount;
  if (charge === 'misses') await chargeCodeAttempt(attempts, client);
  throw invalidCode();
}

/**
 * The discount a code gives, or null, charging nothing: for a caller that has charged the attempt
 * already and may look again (an order re-run through a database outage is one attempt, not several).
 */
export async function findCodeDiscount(db: Database, rawCode: string): Promise<CodeDiscount | null> {
  const code = affiliateCodeSchema.safeParse(rawCode);
  const discount = code.success ? await findAffiliateDiscount(db, code.data) : null;
  return discount && { ...discount, code: code.data! };
}
