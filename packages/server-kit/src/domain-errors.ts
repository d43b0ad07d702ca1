/**
 * Why a use case did not do what it was asked, in the shop's words and without HTTP: the service's
 * domain code says what happened; the kit's problem handler (problems.ts) is the one place that says
 * which status that is.
 */
export type Refusal =
  /** The request cannot be acted on as sent (a missing field, an impossible combination). */
  | 'malformed'
  /** Understood, and refused by a rule of the shop (an unknown code, too large an order). */
  | 'refused'
  /** What was asked about does not exist. */
  | 'not-found'
  /** It no longer matches what the shop holds (prices changed since the page was loaded). */
  | 'conflict'
  /** Who is asking is not known (no session). */
  | 'unauthenticated'
  /** Who is asking is known, and may not do this (a session that no longer stands, another's data). */
  | 'forbidden'
  /** Asked too often; `retryAfterSeconds` says when it may be asked again. */
  | 'too-many'
  /** A system outside the shop failed (the payment provider). */
  | 'upstream-failed'
  /** Something the shop needs cannot be reached right now (another service). */
  | 'unavailable';

/** One field a request got wrong, in words the person who filled it can act on. */
export interface FieldError {
  field: string;
  message: string;
}

export class DomainError extends Error {
  constructor(
    readonly refusal: Refusal,
    readonly title: string,
    readonly detail: string,
    readonly retryAfterSeconds?: number,
    cause?: unknown,
  ) {
    super(detail, { cause });
  }
}

/** Whether a use case's failure is the asker's to mend (as against the shop's or a partner's). */
export const isRefusal = (error: unknown): error is DomainError =>
  error instanceof DomainError && error.refusal !== 'upstream-failed' && error.refusal !== 'unavailable';
