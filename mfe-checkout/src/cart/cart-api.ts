import {
  CART_URL,
  shopperCartSchema,
  type CartAddition,
  type CartLineRequest,
  type ShopperCart,
} from '@storefront/commerce/checkout';
import { requestJson } from '@storefront/commerce/api-client';

/** The applied affiliate code, sent with every call so the answer is priced as the page shows it. */
const withCode = (path: string, affiliateCode: string | undefined) =>
  affiliateCode ? `${path}?affiliateCode=${encodeURIComponent(affiliateCode)}` : path;

const call = (path: string, affiliateCode: string | undefined, init: RequestInit = {}) =>
  requestJson(withCode(`${CART_URL}${path}`, affiliateCode), shopperCartSchema, init);

/**
 * A change to the cart is sent to outlive the page: a shopper who reloads or leaves the moment after
 * changing a quantity keeps the change (keepalive), as a form sent without scripts would.
 */
const change = (method: string, body?: unknown): RequestInit => ({
  method,
  keepalive: true,
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

/** The checkout service's cart, which the cart binding alone calls; every answer is the whole cart, priced. */
export interface CartApi {
  read(affiliateCode?: string): Promise<ShopperCart>;
  /** `additionId` makes an addition sent twice (a duplicated tab's) count once. */
  add(addition: CartAddition, affiliateCode?: string, additionId?: string): Promise<ShopperCart>;
  setQuantity(lineId: string, quantity: number, affiliateCode?: string): Promise<ShopperCart>;
  remove(lineId: string, affiliateCode?: string): Promise<ShopperCart>;
  clear(): Promise<ShopperCart>;
  /** Carries a cart kept in this browser (before carts lived in the service) over, once. */
  carryOver(items: CartLineRequest[], affiliateCode?: string): Promise<ShopperCart>;
  /** Hands a signed-in shopper their cart on this browser (this one's lines join theirs). */
  claim(accessToken: string, affiliateCode?: string): Promise<ShopperCart>;
  /** Leaves the cart with the account on sign-out; this browser starts an empty one. */
  release(): Promise<ShopperCart>;
}

export const cartApi: CartApi = {
  read: (code) => call('', code),
  add: (addition, code, additionId) => call('/lines', code, change('POST', { ...addition, additionId })),
  setQuantity: (lineId, quantity, code) =>
    call(`/lines/${encodeURIComponent(lineId)}`, code, change('PATCH', { quantity })),
  remove: (lineId, code) => call(`/lines/${encodeURIComponent(lineId)}`, code, change('DELETE')),
  clear: () => call('', undefined, change('DELETE')),
  carryOver: (items, code) => call('/import', code, change('POST', { items })),
  claim: (accessToken, code) =>
    call('/owner', code, { method: 'POST', headers: { authorization: `Bearer ${accessToken}` } }),
  release: () => call('/owner', undefined, { method: 'DELETE' }),
};
