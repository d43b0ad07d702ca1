/** Spec section 8's newsletter messages, for the form (as toasts, with scripts) and its server action (without). */
export const NEWSLETTER_MESSAGES = {
  missing: { title: 'Required fields missing', description: 'Please fill in your email and name.' },
  subscribed: {
    title: 'Successfully subscribed!',
    description: 'Thank you for joining our research community.',
  },
  already: {
    title: 'Already subscribed',
    description: 'This email is already subscribed to our newsletter.',
  },
  failed: {
    title: 'Subscription failed',
    description: 'There was an error subscribing you to our newsletter. Please try again.',
  },
} as const;

/**
 * The sign-up a newsletter form describes, read the same way wherever it is sent (spec section 5): both
 * fields required (trimmed), or the spec's message; the service checks the email's shape.
 */
export function subscriptionFromForm(
  get: (name: string) => string | null,
): { name: string; email: string } | { missing: (typeof NEWSLETTER_MESSAGES)['missing'] } {
  const name = (get('name') ?? '').trim();
  const email = (get('email') ?? '').trim();
  return name && email ? { name, email } : { missing: NEWSLETTER_MESSAGES.missing };
}
