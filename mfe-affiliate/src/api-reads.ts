import { accountStandingSchema } from '@storefront/commerce/affiliate';

/** What this module reads from services (published with each release; see mfe-catalog's). */
export const apiReads = {
  affiliate: {
    'GET /me': accountStandingSchema,
    'POST /applications': accountStandingSchema,
  },
};
