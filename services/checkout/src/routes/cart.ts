import { cartQuoteRequestSchema } from '@storefront/commerce';
import { parseInput } from '@storefront/service-kit';
import { Router } from 'express';
import { callerOf } from './caller';
import { quoteCart, type QuoteServices } from '../domain/quote-cart';

export function cartRoutes(services: QuoteServices): Router {
  return Router().post('/cart/quote', async (req, res) => {
    const request = parseInput(cartQuoteRequestSchema, req.body ?? {});
    // A quote is for the shopper who asked, now: no cache may keep it or hand it to anyone else.
    res.set('Cache-Control', 'no-store').json(await quoteCart(request, services, callerOf(req)));
  });
}
