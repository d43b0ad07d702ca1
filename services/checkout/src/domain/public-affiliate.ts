import { createHash } from 'node:crypto';
import type { AffiliateDiscount } from '@storefront/commerce/checkout';

/**
 * The affiliate's id as a shopper's browser holds it (spec section 3's affiliateId): a digest of the
 * program's own id, the same for every shopper of a code, but not the id the operator's routes and the
 * program's records name the affiliate by. The program's ids are random (UUIDs), so the digest cannot
 * be turned back into one.
 */
export const publicAffiliateId = (affiliateId: string) =>
  `aff_${createHash('sha256').update(affiliateId).digest('base64url').slice(0, 22)}`;

/** A code's discount as the public lookup and a shopper's cart answer it. */
export const publicDiscount = <Discount extends AffiliateDiscount>(discount: Discount): Discount => ({
  ...discount,
  affiliateId: publicAffiliateId(discount.affiliateId),
});
