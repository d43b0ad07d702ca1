import { ApiError } from '@storefront/commerce/api-client';
import { NoCheckoutUrlError, submitFailureMessage } from './payment-messages';

describe('submit failure messages (spec section 8)', () => {
  const paymentError = new ApiError(502, {
    type: 'about:blank',
    title: 'Payment Error',
    status: 502,
    detail: 'The payment provider is not reachable right now',
  });
  it('names the reason on the newer pages and not on the generic one', () => {
    expect(submitFailureMessage(paymentError, 'with-reason')).toEqual({
      title: 'Payment Error',
      description:
        'Failed to initiate payment: The payment provider is not reachable right now. Please try again.',
    });
    expect(submitFailureMessage(paymentError, 'plain')).toEqual({
      title: 'Payment Error',
      description: 'Failed to initiate payment. Please try again.',
    });
  });
  it('names a failing, unavailable or slow service as a payment error, with its reason', () => {
    const unavailable = new ApiError(503, {
      type: 'about:blank',
      title: 'Service unavailable',
      status: 503,
      detail: 'The checkout service is unavailable right now. Please try again shortly.',
    });
    expect(submitFailureMessage(unavailable, 'with-reason')).toEqual({
      title: 'Payment Error',
      description:
        'Failed to initiate payment: The checkout service is unavailable right now. Please try again shortly. Please try again.',
    });
    const failed = new ApiError(500, { type: 'about:blank', title: 'Something went wrong', status: 500 });
    expect(submitFailureMessage(failed, 'with-reason')?.description).toBe(
      'Failed to initiate payment: Unknown error. Please try again.',
    );
    expect(submitFailureMessage(failed, 'plain')).toEqual({
      title: 'Payment Error',
      description: 'Failed to initiate payment. Please try again.',
    });
  });
  it("says 'No checkout URL received' on the newer pages when the answer has no payment page", () => {
    expect(submitFailureMessage(new NoCheckoutUrlError(), 'with-reason')).toEqual({
      title: 'Payment Error',
      description: 'Failed to initiate payment: No checkout URL received. Please try again.',
    });
    expect(submitFailureMessage(new NoCheckoutUrlError(), 'plain')).toBeNull();
  });
  it("says 'Unknown error' when the service could not be reached at all", () => {
    expect(submitFailureMessage(new ApiError(0, null), 'with-reason')?.description).toBe(
      'Failed to initiate payment: Unknown error. Please try again.',
    );
  });
  it('shows a refusal the service explains as it says', () => {
    const invalidCode = new ApiError(422, {
      type: 'about:blank',
      title: 'Invalid Code',
      status: 422,
      detail: 'The affiliate code you entered is not valid.',
    });
    expect(submitFailureMessage(invalidCode, 'with-reason')).toEqual({
      title: 'Invalid Code',
      description: 'The affiliate code you entered is not valid.',
    });
  });
});
