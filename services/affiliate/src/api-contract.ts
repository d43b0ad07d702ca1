import { accountStandingSchema } from '@storefront/commerce/affiliate';

/** What the affiliate service's public API returns (published with each release; see catalog's). */
export const apiContract = {
  'GET /me': accountStandingSchema,
  'POST /applications': accountStandingSchema,
};
