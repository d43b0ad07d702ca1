import {
  apiResource,
  newsletterResultSchema,
  policyDocumentSchema,
  requestJson,
  type ApiResource,
  type NewsletterResult,
  type NewsletterSubscription,
  type PolicyDocument,
  type PolicySlug,
} from '@storefront/commerce';
import { fillPath } from '@storefront/routing';

/** The only place this module talks to its service (through the shell's /api/content proxy). */
const BASE = '/api/content';
const POLICY_URL = `${BASE}/policies/:slug`;

export interface ContentApi {
  policy(slug: PolicySlug): ApiResource<PolicyDocument>;
  subscribe(subscription: NewsletterSubscription): Promise<NewsletterResult>;
}

export const contentApi: ContentApi = {
  policy: (slug) => apiResource(fillPath(POLICY_URL, { slug }), policyDocumentSchema),
  subscribe: (subscription) =>
    requestJson(`${BASE}/subscribers`, newsletterResultSchema, {
      method: 'POST',
      body: JSON.stringify(subscription),
    }),
};
