import { serverSessionToken } from '@storefront/commerce/account';
import { ORDER_NUMBER } from '@storefront/commerce/checkout';
import type { RouteLoader } from '@storefront/routing/server-module';
import { accountOrdersUrl, accountOrderUrl } from './account-orders-api';

/**
 * The researcher's own read, for a researcher the server signed in (no script ran, or none has the
 * session yet): asked of the checkout service as them, and handed to the page by the URL its script
 * reads. A 404 is handed over too (the page says so); a session that ended or a service that cannot
 * be reached renders the page as for anyone, and its script asks again.
 */
async function asResearcher(
  { cookies, service }: Parameters<RouteLoader>[0],
  servicePath: string,
  pageUrl: string,
) {
  const token = serverSessionToken(cookies);
  if (!token) return null;
  const answer = await service({
    method: 'GET',
    path: servicePath,
    headers: { authorization: `Bearer ${token}` },
  }).catch(() => null);
  if (answer?.status !== 200 && answer?.status !== 404) return null;
  return { answers: { [pageUrl]: { status: answer.status, body: answer.body } } };
}

/** /account?page=: that page of the researcher's orders. */
export const accountOrdersLoader: RouteLoader = (request) => {
  const asked = Number(new URLSearchParams(request.page.search).get('page'));
  const page = Number.isInteger(asked) && asked >= 1 && asked <= 100_000 ? asked : 1;
  return asResearcher(request, `/account/orders?page=${page}`, accountOrdersUrl(page));
};

/** /account/orders/{number}: the order, when it is theirs. */
export const accountOrderLoader: RouteLoader = (request) => {
  const orderNumber = (request.params.orderNumber ?? '').toUpperCase();
  if (!ORDER_NUMBER.test(orderNumber)) return Promise.resolve(null);
  return asResearcher(request, `/account/orders/${orderNumber}`, accountOrderUrl(orderNumber));
};
