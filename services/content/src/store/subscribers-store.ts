import type { NewsletterSubscription } from '@storefront/commerce/content';
import { isUniqueViolation, type Queryable } from '@storefront/server-kit';

export interface SubscriptionMetadata {
  submittedAt: Date;
  userAgent: string | null;
}

/**
 * Inserts a subscriber. A duplicate is detected by the unique index on lower(email), not by a read
 * first, so two simultaneous sign-ups of one address cannot both succeed.
 */
export async function addSubscriber(
  db: Queryable,
  subscription: NewsletterSubscription,
  metadata: SubscriptionMetadata,
): Promise<'subscribed' | 'already_subscribed'> {
  try {
    await db.query(
      `INSERT INTO email_subscribers (email, name, source, tags, metadata)
       VALUES ($1, $2, 'website', ARRAY['newsletter', 'research-updates'], $3::jsonb)`,
      [
        subscription.email,
        subscription.name,
        JSON.stringify({ submitted_at: metadata.submittedAt.toISOString(), user_agent: metadata.userAgent }),
      ],
    );
    return 'subscribed';
  } catch (error) {
    if (isUniqueViolation(error)) return 'already_subscribed';
    throw error;
  }
}
