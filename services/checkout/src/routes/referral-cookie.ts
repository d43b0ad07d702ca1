import type { Request, Response } from 'express';
import type { Referral } from '../order-shapes';
import { cookieValue } from './cookies';

/**
 * The affiliate link a browser last followed: its code and when, as `CODE.milliseconds`. It lasts the
 * program's attribution window (ADR 0019), after which the browser forgets it; the program checks the
 * time again when the order is paid.
 */
export const REFERRAL_COOKIE = 'storefront-referral';
const REFERRAL_DAYS = 30;
const REFERRAL = /^([A-Z0-9_-]{1,64})\.(\d{13})$/;

export function referralOf(req: Request): Referral | null {
  const match = REFERRAL.exec(cookieValue(req, REFERRAL_COOKIE) ?? '');
  if (!match) return null;
  const followedAt = new Date(Number(match[2]));
  return Number.isNaN(followedAt.getTime()) ? null : { code: match[1]!, followedAt };
}

export function rememberReferral(res: Response, referral: Referral, secure: boolean): void {
  res.cookie(REFERRAL_COOKIE, `${referral.code}.${referral.followedAt.getTime()}`, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: REFERRAL_DAYS * 24 * 60 * 60 * 1000,
  });
}
