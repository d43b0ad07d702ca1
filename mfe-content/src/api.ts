import { apiResource, requestJson, type ApiResource } from '@storefront/commerce/api-client';
import {
  type NewsletterResult,
  type NewsletterSubscription,
  type PolicyDocument,
  type PolicySlug,
} from '@storefront/commerce/content';
import { fillPath } from '@storefront/routing';
import { apiReads } from './api-reads';

/** The only place this module talks to its service (through the shell's /api/content proxy). */
const BASE = '/api/content';
const POLICY_URL = `${BASE}/policies/:slug`;

export interface ContentApi {
  policy(slug: PolicySlug): ApiResource<PolicyDocument>;
  subscribe(subscription: NewsletterSubscription): Promise<NewsletterResult>;
}

export const contentApi: ContentApi = {
  policy: (slug) => apiResource(fillPath(POLICY_URL, { slug }), apiReads.content['GET /policies/:slug']),
  subscribe: (subscription) =>
    requestJson(`${BASE}/subscribers`, apiReads.content['POST /subscribers'], {
      method: 'POST',
      body: JSON.stringify(subscription),
    }),
};
