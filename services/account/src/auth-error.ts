import type { ErrorRequestHandler } from 'express';

/** An error in Supabase Auth's shape: `{code, message}` with its HTTP status. */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const invalidCredentials = () =>
  new AuthError(400, 'invalid_credentials', 'Invalid login credentials');

/** Answers AuthErrors as Supabase Auth does; anything else goes on to the kit's problem handler. */
export const authErrorHandler: ErrorRequestHandler = (error, _req, res, next) => {
  if (!(error instanceof AuthError)) return next(error);
  res.set(error.headers).status(error.status).json({ code: error.code, message: error.message });
};
