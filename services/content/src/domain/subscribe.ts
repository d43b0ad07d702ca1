import type { NewsletterSubscription } from '@storefront/commerce/content';
import { DomainError, type Queryable } from '@storefront/server-kit/domain';
import { addSubscriber, type SubscriptionMetadata } from '../store/subscribers-store';

/**
 * A newsletter sign-up (spec: the footer's form). An address already on the list, in any case, is
 * refused in the spec's words and nothing is stored.
 */
export async function subscribeToNewsletter(
  db: Queryable,
  subscription: NewsletterSubscription,
  metadata: SubscriptionMetadata,
): Promise<void> {
  if ((await addSubscriber(db, subscription, metadata)) === 'already_subscribed')
    throw new DomainError(
      'conflict',
      'Already subscribed',
      'This email is already subscribed to our newsletter.',
    );
}
