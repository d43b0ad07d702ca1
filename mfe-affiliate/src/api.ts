import type { AccountStanding, AffiliateApplication } from '@storefront/commerce/affiliate';
import { requestJson } from '@storefront/commerce/api-client';
import { apiReads } from './api-reads';

/** The only place this module talks to its service (through the shell's /api/affiliate proxy). */
const BASE = '/api/affiliate';

const signedIn = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

export const affiliateApi = {
  /** The signed-in account's standing in the program. */
  standing: (accessToken: string): Promise<AccountStanding> =>
    requestJson(`${BASE}/me`, apiReads.affiliate['GET /me'], { headers: signedIn(accessToken) }),
  apply: (accessToken: string, application: AffiliateApplication): Promise<AccountStanding> =>
    requestJson(`${BASE}/applications`, apiReads.affiliate['POST /applications'], {
      method: 'POST',
      headers: signedIn(accessToken),
      body: JSON.stringify(application),
    }),
};
