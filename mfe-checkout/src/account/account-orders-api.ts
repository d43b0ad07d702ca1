import type { AccountOrder, AccountOrders, ReorderAnswer } from '@storefront/commerce/checkout';
import { requestJson } from '@storefront/commerce/api-client';
import { fillPath } from '@storefront/routing';
import { apiReads } from '../api-reads';

const { checkout } = apiReads;

/** Where the pages read a researcher's orders: the server loader hands its answers over by these URLs. */
export const accountOrdersUrl = (page: number) => `/api/checkout/account/orders?page=${page}`;
export const accountOrderUrl = (orderNumber: string) =>
  fillPath('/api/checkout/account/orders/:orderNumber', { orderNumber });
/** A plain link: where no script runs, the session the server signed in (its cookie) goes with it. */
export const invoiceUrl = (orderNumber: string) => `${accountOrderUrl(orderNumber)}/invoice.pdf`;

const signedIn = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

/** The account's orders, as its page's script asks for them with the session's token. */
export const accountOrdersApi = {
  orders: (accessToken: string, page: number): Promise<AccountOrders> =>
    requestJson(accountOrdersUrl(page), checkout['GET /account/orders'], { headers: signedIn(accessToken) }),
  order: (accessToken: string, orderNumber: string): Promise<AccountOrder> =>
    requestJson(accountOrderUrl(orderNumber), checkout['GET /account/orders/:orderNumber'], {
      headers: signedIn(accessToken),
    }),
  /** 'Order again': the order's lines into this browser's cart (its cookie goes with the call). */
  reorder: (accessToken: string, orderNumber: string): Promise<ReorderAnswer> =>
    requestJson('/api/checkout/cart/reorder', checkout['POST /cart/reorder'], {
      method: 'POST',
      headers: signedIn(accessToken),
      body: JSON.stringify({ orderNumber }),
    }),
  /** The invoice's file, for a browser whose session only its script holds (no cookie goes with a link). */
  async invoice(accessToken: string, orderNumber: string): Promise<Blob> {
    const answer = await fetch(invoiceUrl(orderNumber), { headers: signedIn(accessToken) });
    if (!answer.ok) throw new Error(`The invoice answered ${answer.status}`);
    return answer.blob();
  },
};
