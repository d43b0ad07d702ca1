import { COUNTRIES, type OrderRequestInput } from '@storefront/commerce/checkout';
import { genericCheckoutChannel } from '@storefront/commerce/catalog';
import { quantityFrom } from '../domain/vials';

/**
 * An order form's fields however they arrive: the form's FormData where a script sends it, the POST's
 * body where the server completes it. One reading for both, so an order is the same order either way.
 */
export interface FormFields {
  get(name: string): string | null;
}

export const formDataFields = (data: FormData): FormFields => ({
  get: (name) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : null;
  },
});

export const recordFields = (record: Readonly<Record<string, string>>): FormFields => ({
  get: (name) => (Object.hasOwn(record, name) ? record[name]! : null),
});

type OrderLine = OrderRequestInput['lines'][number];

/** What an order is of besides its form: the applied affiliate code, and on the cart checkout the cart's lines. */
export interface OrderContext {
  affiliateCode?: string;
  cartLines: OrderLine[];
}

const isCountry = (value: string): value is (typeof COUNTRIES)[number] =>
  (COUNTRIES as readonly string[]).includes(value);

/**
 * The order a checkout form describes (spec sections 3 and 7): which checkout (its hidden `checkout`),
 * the vial and quantity chosen (`dose`, `quantity`, sent with the form from the other column), the
 * researcher, the shipping address where the page ships, the agreements, and the total the page showed. Nothing here is a price: the checkout service prices every order itself.
 */
export function orderFromForm(
  fields: FormFields,
  { affiliateCode, cartLines }: OrderContext,
): OrderRequestInput {
  const text = (name: string) => (fields.get(name) ?? '').trim();
  const customer = {
    email: text('email'),
    firstName: text('firstName'),
    lastName: text('lastName'),
    phoneNumber: text('phoneNumber'),
  };
  const agreements = {
    agreeToTerms: fields.get('agreeToTerms') === 'on',
    agreeToAge: fields.get('agreeToAge') === 'on',
  };
  const line = {
    productId: text('productId'),
    dose: text('dose'),
    quantity: quantityFrom(fields.get('quantity')),
  };
  // The total the page showed on its order button: the service charges it or refuses the order, so the
  // payment page never asks more than the button said (where no script ran, the quantity may have
  // changed since the total was drawn).
  const shownTotal = text('expectedTotal') === '' ? NaN : Number(text('expectedTotal'));
  const expectedTotal = Number.isSafeInteger(shownTotal) ? shownTotal : undefined;
  const kind = text('checkout');
  if (kind !== 'product' && kind !== 'cart') {
    const lines = [{ ...line, channel: genericCheckoutChannel(text('channel')) }];
    return { checkout: 'quick', lines, expectedTotal, customer, ...agreements };
  }
  const country = text('country');
  const shipping = {
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zipCode'),
    country: isCountry(country) ? country : 'United States',
  };
  if (kind === 'product') {
    const lines = [{ ...line, channel: 'storefront' as const }];
    return { checkout: 'product', lines, affiliateCode, expectedTotal, customer, shipping, ...agreements };
  }
  return {
    checkout: 'cart',
    lines: cartLines,
    affiliateCode,
    expectedTotal,
    customer,
    shipping,
    ...agreements,
  };
}

/** How long the same order, sent again, is the same order: a double press, a retry, a reload of the refused page. */
const SAME_ORDER_MS = 15 * 60_000;

/**
 * An order's Idempotency-Key: made from what the order is and the quarter of an hour it is sent in, so
 * the same order sent twice (a double press, a retry after a failure, the page sent again) is made once,
 * whether a script sends it or the server completes the form. Nothing random: a page is kept for
 * everyone, so no key may live in its HTML. WebCrypto, which the browser and the server both have.
 */
export async function orderKey(order: OrderRequestInput, now = Date.now()): Promise<string> {
  const bytes = new TextEncoder().encode(JSON.stringify([order, Math.floor(now / SAME_ORDER_MS)]));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '').slice(0, 40);
}
