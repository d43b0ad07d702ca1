/**
 * Spec section 8's affiliate messages (toasts, and the /ref result), shown by this module's pages with
 * scripts and by its server-completed forms without.
 */
export const AFFILIATE_MESSAGES = {
  invalid: { title: 'Invalid Code', description: 'The affiliate code you entered is not valid.' },
  discountApplied: (affiliateName: string) => ({
    title: 'Discount Applied!',
    description: `${affiliateName} discount applied successfully.`,
  }),
  checkoutApplied: {
    title: 'Affiliate Code Applied',
    description: 'Your discount has been applied to the order.',
  },
  referralApplied: {
    title: 'Affiliate Code Applied!',
    description: 'Welcome! Your affiliate discount is now active.',
  },
  referralFailed: { title: 'Code Issue', description: 'There was a problem applying the affiliate code.' },
} as const;
