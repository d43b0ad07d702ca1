import { ApiError } from '@storefront/commerce/api-client';

export interface ToastText {
  title: string;
  description: string;
}

/** The service accepted the order but its answer carries no payment page to go to. */
export class NoCheckoutUrlError extends Error {
  constructor() {
    super('No checkout URL received');
  }
}

/**
 * Spec section 8's message for a failed submit. A refusal the service explains (missing fields,
 * agreements, an invalid code, prices unavailable) is shown as it says. Anything else (the service
 * unreachable, failing, too slow, or the payment provider refusing) is 'Payment Error': the newer pages
 * name the reason, the generic checkout does not. An answer without a payment page is named by the
 * newer pages ('No checkout URL received'); the generic checkout does nothing more (null).
 */
export function submitFailureMessage(error: unknown, style: 'with-reason' | 'plain'): ToastText | null {
  if (error instanceof NoCheckoutUrlError) return style === 'plain' ? null : paymentError(error.message);
  const problem = error instanceof ApiError ? error.problem : null;
  const refused = problem && (error as ApiError).status < 500 && problem.title !== 'Payment Error';
  if (refused) return { title: problem.title, description: problem.detail ?? '' };
  if (style === 'plain')
    return { title: 'Payment Error', description: 'Failed to initiate payment. Please try again.' };
  return paymentError(problem?.detail ?? 'Unknown error');
}

/** The reason keeps its own words; only a closing full stop goes, since the sentence goes on. */
const paymentError = (reason: string): ToastText => ({
  title: 'Payment Error',
  description: `Failed to initiate payment: ${reason.replace(/\.$/, '')}. Please try again.`,
});
