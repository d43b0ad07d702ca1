import type { ErrorRequestHandler } from 'express';
import { statusOfRefusal } from '@storefront/server-kit';
import { AuthFailure } from '../domain/auth-failure';

/**
 * Answers refusals as Supabase Auth does, `{code, message}`, with the kit's status for their kind;
 * anything else goes on to the kit's handler.
 */
export const authFailureHandler: ErrorRequestHandler = (error, _req, res, next) => {
  if (!(error instanceof AuthFailure)) return next(error);
  if (error.retryAfterSeconds !== undefined) res.set('Retry-After', String(error.retryAfterSeconds));
  res.status(statusOfRefusal(error.refusal)).json({ code: error.code, message: error.message });
};
