import type { Request } from 'express';
import type { Caller } from '../domain/caller';

/** The client address (as the trusted proxies report it) and the request id of an arrival. */
export const callerOf = (req: Request): Caller => ({
  client: req.ip ?? 'unknown',
  requestId: String(req.id),
});
