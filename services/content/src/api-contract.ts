import { newsletterResultSchema, policyDocumentSchema } from '@storefront/commerce/content';

/** What the content service's public API returns (published with each release; see catalog's). */
export const apiContract = {
  'GET /policies/:slug': policyDocumentSchema,
  'POST /subscribers': newsletterResultSchema,
};
