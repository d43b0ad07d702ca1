import {
  newsletterResultSchema,
  policyDocumentSchema,
  requestJson,
  type NewsletterResult,
  type NewsletterSubscription,
  type PolicyDocument,
  type PolicySlug,
} from '@storefront/commerce';

/** The only place this module talks to its service (through the shell's /api/content proxy). */
const BASE = '/api/content';

export interface ContentApi {
  getPolicy(slug: PolicySlug): Promise<PolicyDocument>;
  subscribe(subscription: NewsletterSubscription): Promise<NewsletterResult>;
}

export const contentApi: ContentApi = {
  getPolicy: (slug) => requestJson(`${BASE}/policies/${slug}`, policyDocumentSchema),
  subscribe: (subscription) =>
    requestJson(`${BASE}/subscribers`, newsletterResultSchema, {
      method: 'POST',
      body: JSON.stringify(subscription),
    }),
};
