import { normalizeAffiliateCode } from '@storefront/commerce';
import { z } from 'zod';

/** Spec section 5: normalised before lookup; blank is refused without a lookup. */
export const affiliateCodeSchema = z
  .string({ message: 'Enter an affiliate code.' })
  .transform(normalizeAffiliateCode)
  .pipe(z.string().min(1, 'Enter an affiliate code.').max(64, 'That affiliate code is too long.'));

/** What an operator may create: letters, digits, '-' and '_', 3 to 32 characters. */
export const newAffiliateCodeSchema = affiliateCodeSchema.pipe(
  z.string().regex(/^[A-Z0-9][A-Z0-9_-]{2,31}$/, 'Codes are 3 to 32 letters, digits, "-" or "_".'),
);
