import {
  cartAdditionRequestSchema,
  cartImportSchema,
  cartQuantitySchema,
  cartQuoteRequestSchema,
  EMPTY_CART,
  reorderRequestSchema,
} from '@storefront/commerce/checkout';
import { parseInput, signedInAccount } from '@storefront/server-kit';
import { Router, type Request, type Response } from 'express';
import { addToCart, cartIdOf, cartIsKept, claimCart, clearCart, setLineQuantity } from '../store/carts-store';
import { accessTokenOf, callerOf } from './caller';
import { cookieValue } from '@storefront/server-kit';
import type { CookieSettings } from './cookies';
import { cartAdditionsOf } from '../domain/cart-additions';
import { quoteCart } from '../domain/quote-cart';
import { reorderOf } from '../domain/reorder';
import { pricedCart, type CartServices } from '../domain/shopper-cart';

/** The cookie that names a browser's cart (its id; nothing else about the cart is in the browser). */
export const CART_COOKIE = 'storefront-cart';

const CART_COOKIE_DAYS = 30;

function cartIdFrom(req: Request): string | null {
  const value = cookieValue(req, CART_COOKIE);
  return value === null ? null : cartIdOf(value);
}

/** The affiliate code to price with: the page's applied code, sent with each call. */
const codeOf = (req: Request) =>
  typeof req.query.affiliateCode === 'string' && req.query.affiliateCode.trim()
    ? req.query.affiliateCode.slice(0, 64)
    : undefined;

/**
 * The shopper's cart, kept here (the cart panel, the cart checkout and the shell's forms all read and
 * change it through these routes), named by an httpOnly, SameSite=Lax cookie; every answer is the
 * whole cart priced now. And POST /cart/quote, which prices lines a page holds without keeping them.
 */
export function cartRoutes(services: CartServices, cookie: CookieSettings): Router {
  const router = Router();

  const answer = async (req: Request, res: Response, cartId: string | null) => {
    const cart = await pricedCart(cartId, codeOf(req), services, callerOf(req));
    // A cart is one shopper's: no cache may keep it or hand it to anyone else.
    res.set('Cache-Control', 'no-store').json(cart);
  };
  const remember = (res: Response, cartId: string) =>
    res.cookie(CART_COOKIE, cartId, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: cookie.secure,
      maxAge: CART_COOKIE_DAYS * 24 * 3600 * 1000,
    });

  router.post('/cart/quote', async (req, res) => {
    const request = parseInput(cartQuoteRequestSchema, req.body ?? {});
    res.set('Cache-Control', 'no-store').json(await quoteCart(request, services, callerOf(req)));
  });

  router.get('/cart', (req, res) => answer(req, res, cartIdFrom(req)));

  /** The cart an addition goes to: the browser's, or a new one, on the client's budget of new carts. */
  const cartToAddTo = async (req: Request) => {
    const cartId = cartIdFrom(req);
    if (!(await cartIsKept(services.db, cartId)))
      await services.limits.newCarts.charge(callerOf(req).client, 'new carts');
    return cartId;
  };

  router.post('/cart/lines', async (req, res) => {
    const { additionId, ...line } = parseInput(cartAdditionRequestSchema, req.body ?? {});
    const additions = await cartAdditionsOf([line], services.pricing, callerOf(req).requestId);
    const cartId = await addToCart(services.db, await cartToAddTo(req), additions, additionId);
    remember(res, cartId);
    await answer(req, res, cartId);
  });

  router.post('/cart/import', async (req, res) => {
    const { items } = parseInput(cartImportSchema, req.body ?? {});
    if (items.length === 0) return answer(req, res, cartIdFrom(req));
    const additions = await cartAdditionsOf(items, services.pricing, callerOf(req).requestId);
    const cartId = await addToCart(services.db, await cartToAddTo(req), additions);
    remember(res, cartId);
    await answer(req, res, cartId);
  });

  // 'Order again' (a signed-in researcher's order, ADR 0023): its lines into the researcher's own cart
  // at today's prices, answered with how many went in and what changed since. The account's cart, as
  // POST /cart/owner claims it (this browser's joining it): a claim the page's cart makes meanwhile
  // names the same cart, so neither answer's cookie leaves the other's lines behind.
  router.post('/cart/reorder', async (req, res) => {
    const { orderNumber } = parseInput(reorderRequestSchema, req.body ?? {}, 'Order not found');
    const caller = { accessToken: accessTokenOf(req), requestId: callerOf(req).requestId };
    const { accountId, additions, changes } = await reorderOf(services, caller, orderNumber.toUpperCase());
    if (additions.length > 0) {
      const cartId = await claimCart(services.db, cartIdFrom(req), accountId);
      remember(res, await addToCart(services.db, cartId, additions));
    }
    res.set('Cache-Control', 'no-store').json({ added: additions.length, changes });
  });

  router.patch('/cart/lines/:lineId', async (req, res) => {
    const { quantity } = parseInput(cartQuantitySchema, req.body ?? {}, 'Quantity not accepted');
    const cartId = cartIdFrom(req);
    if (cartId) await setLineQuantity(services.db, cartId, req.params.lineId, quantity);
    await answer(req, res, cartId);
  });

  router.delete('/cart/lines/:lineId', async (req, res) => {
    const cartId = cartIdFrom(req);
    if (cartId) await setLineQuantity(services.db, cartId, req.params.lineId, 0);
    await answer(req, res, cartId);
  });

  router.delete('/cart', async (req, res) => {
    const cartId = cartIdFrom(req);
    if (cartId) await clearCart(services.db, cartId);
    res.set('Cache-Control', 'no-store').json(EMPTY_CART);
  });

  // A signed-in shopper's cart follows them: this browser's cart joins theirs, and theirs becomes this
  // browser's. Signing out leaves it with the account, not in the browser.
  router.post('/cart/owner', async (req, res) => {
    const { id: userId } = await signedInAccount(
      req.get('authorization'),
      services.accounts,
      callerOf(req).requestId,
    );
    const cartId = await claimCart(services.db, cartIdFrom(req), userId);
    remember(res, cartId);
    await answer(req, res, cartId);
  });

  router.delete('/cart/owner', (_req, res) => {
    res
      .clearCookie(CART_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: cookie.secure })
      .set('Cache-Control', 'no-store')
      .json(EMPTY_CART);
  });

  return router;
}
