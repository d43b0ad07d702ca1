import { ApiError } from '@storefront/commerce';

export interface ToastText {
  title: string;
  description: string;
}

/**
 * Spec section 8's message for a failed submit. A refusal the service explains (missing fields,
 * agreements, an invalid code, prices unavailable) is shown as it says. A failure to start the payment
 * is 'Payment Error': the newer pages name the reason, the generic checkout does not.
 */
export function submitFailureMessage(error: unknown, style: 'with-reason' | 'plain'): ToastText {
  const problem = error instanceof ApiError ? error.problem : null;
  const paymentFailed = !problem || (error as ApiError).status === 502 || problem.title === 'Payment Error';
  if (!paymentFailed) return { title: problem.title, description: problem.detail ?? '' };
  if (style === 'plain')
    return { title: 'Payment Error', description: 'Failed to initiate payment. Please try again.' };
  const reason = problem?.detail ?? 'Unknown error';
  return { title: 'Payment Error', description: `Failed to initiate payment: ${reason}. Please try again.` };
}
