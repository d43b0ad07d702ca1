import type { Database, LimitStore, RateLimitOptions, Representation } from '@storefront/server-kit';

/** What the content service is made of: policies from their snapshot, sign-ups in its database. */
export interface ContentParts {
  db: Database;
  /** The policies' current snapshot, by path. */
  policies: () => ReadonlyMap<string, Representation> | undefined;
  /** Newsletter sign-ups one client may send per window, counted in `limits`. */
  signUps: RateLimitOptions;
  limits: LimitStore;
}
