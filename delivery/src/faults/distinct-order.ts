import { randomBytes, randomUUID } from 'node:crypto';

/** A valid single-product order of its own (own idempotency key, own customer), as a checkout page sends. */
export function distinctOrder() {
  const suffix = randomBytes(6).toString('hex');
  return {
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', 'idempotency-key': `bench-${randomUUID()}` },
    body: JSON.stringify({
      checkout: 'product',
      lines: [{ productId: 'retatrutide', dose: '10mg', quantity: 1, channel: 'storefront' }],
      customer: {
        email: `bench-${suffix}@lab.example`,
        firstName: 'Bench',
        lastName: 'Mark',
        phoneNumber: '555-0100',
      },
      shipping: { address: '1 Lab Way', city: 'Tempe', state: 'AZ', zipCode: '85281' },
      agreeToTerms: true,
      agreeToAge: true,
    }),
  };
}
