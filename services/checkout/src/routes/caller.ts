import type { Request } from 'express';
import type { Buyer, Caller } from '../domain/caller';
import { SERVER_SESSION_COOKIE } from '@storefront/commerce/account';
import { cookieValue } from '@storefront/server-kit';
import { referralOf } from './referral-cookie';

/** A bearer token the request carries: its page's session, else the session the server signed in. */
export function accessTokenOf(req: Request): string | null {
  const bearer = /^Bearer (\S{1,4096})$/.exec(req.get('authorization') ?? '')?.[1];
  return bearer ?? (cookieValue(req, SERVER_SESSION_COOKIE) || null);
}

/** The client address (as the trusted proxies report it) and the request id of an arrival. */
export const callerOf = (req: Request): Caller => ({
  client: req.ip ?? 'unknown',
  requestId: String(req.id),
});

/** An order's arrival: its caller, with the referral (as this service signed it) and the session only an order reads. */
export const buyerOf = (req: Request, signingKey: string): Buyer => ({
  ...callerOf(req),
  referral: referralOf(req, signingKey),
  accessToken: accessTokenOf(req),
});
