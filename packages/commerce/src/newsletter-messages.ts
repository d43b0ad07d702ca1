/** Spec section 8's newsletter messages, for the form (with scripts) and the shell's server (without). */
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
