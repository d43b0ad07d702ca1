import { newsletterResultSchema, policyDocumentSchema } from '@storefront/commerce/content';

/** What this module reads from services (published with each release; see mfe-catalog's). */
export const apiReads = {
  content: {
    'GET /policies/:slug': policyDocumentSchema,
    'POST /subscribers': newsletterResultSchema,
  },
};
