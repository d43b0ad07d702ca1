import type { ErrorRequestHandler } from 'express';
import { AuthFailure, type FailureKind } from '../domain/auth-failure';

/** The one place a refusal becomes an HTTP status, as Supabase Auth answers each kind. */
const STATUS: Record<FailureKind, number> = {
  refused: 400,
  'no-token': 401,
  forbidden: 403,
  'rule-broken': 422,
  'too-many': 429,
};

/** Answers refusals as Supabase Auth does, `{code, message}`; anything else goes on to the kit's handler. */
export const authFailureHandler: ErrorRequestHandler = (error, _req, res, next) => {
  if (!(error instanceof AuthFailure)) return next(error);
  if (error.retryAfterSeconds !== undefined) res.set('Retry-After', String(error.retryAfterSeconds));
  res.status(STATUS[error.kind]).json({ code: error.code, message: error.message });
};
