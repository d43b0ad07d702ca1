import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Referral } from '../order-shapes';
import { cookieValue } from '@storefront/server-kit';
import type { CookieSettings } from './cookies';

/**
 * The affiliate link a browser last followed: its code, when, and by which client, signed by this
 * service (`CODE.milliseconds.client.signature`), so that a cookie written by hand refers no one. It
 * lasts the program's attribution window (ADR 0019), after which the browser forgets it; the program
 * checks the time again when the order is paid, and that the click was counted.
 */
export const REFERRAL_COOKIE = 'storefront-referral';
const REFERRAL_DAYS = 30;
const REFERRAL = /^([A-Z0-9_-]{1,64})\.(\d{13})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** One client as the program tells clicks apart: a digest of its address, never the address. */
export const clientKeyOf = (req: Request) =>
  createHash('sha256')
    .update(req.ip ?? 'unknown')
    .digest('base64url')
    .slice(0, 22);

const signature = (key: string, signed: string) =>
  createHmac('sha256', key).update(`storefront-referral:${signed}`).digest('base64url');

/** The cookie's value for a referral: what it says, and this service's signature of it. */
export function referralCookieValue(referral: Referral, key: string): string {
  const signed = `${referral.code}.${referral.followedAt.getTime()}.${referral.clientKey}`;
  return `${signed}.${signature(key, signed)}`;
}

/** The referral a request's cookie holds, if this service signed it (anything else refers no one). */
export function referralOf(req: Request, key: string): Referral | null {
  const match = REFERRAL.exec(cookieValue(req, REFERRAL_COOKIE) ?? '');
  if (!match) return null;
  const [, code, millis, clientKey, presented] = match;
  const expected = Buffer.from(signature(key, `${code}.${millis}.${clientKey}`));
  if (!timingSafeEqual(expected, Buffer.from(presented!))) return null;
  const followedAt = new Date(Number(millis));
  return Number.isNaN(followedAt.getTime()) ? null : { code: code!, followedAt, clientKey: clientKey! };
}

export function rememberReferral(res: Response, referral: Referral, cookies: CookieSettings): void {
  res.cookie(REFERRAL_COOKIE, referralCookieValue(referral, cookies.signingKey), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookies.secure,
    maxAge: REFERRAL_DAYS * 24 * 60 * 60 * 1000,
  });
}
