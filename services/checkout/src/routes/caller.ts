import type { Request } from 'express';
import type { Caller } from '../domain/caller';
import { referralOf } from './referral-cookie';

/** The client address (as the trusted proxies report it), the request id and the referral of an arrival. */
export const callerOf = (req: Request): Caller => ({
  client: req.ip ?? 'unknown',
  requestId: String(req.id),
  referral: referralOf(req),
});
