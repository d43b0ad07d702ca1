import type { RequestHandler } from 'express';
import type { FieldError } from './domain-errors';
import { HttpProblem } from './problems';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text PostgreSQL can store and a page can show: no NUL character, no half of a surrogate pair. */
export function isStorableText(text: string): boolean {
  return !text.includes('\0') && !LONE_SURROGATE.test(text);
}

/** Deeper than any body or query a page sends; walking further only serves someone probing. */
const MAX_DEPTH = 16;

export const UNSTORABLE_TEXT_MESSAGE = 'Contains characters that are not allowed.';

/** Every place in a parsed body or query whose text (key or value) cannot be stored; throws when too deep. */
function unstorableFields(value: unknown, path: string, depth: number, found: FieldError[]): void {
  if (depth > MAX_DEPTH) {
    throw new HttpProblem(400, 'Invalid request', 'The request is nested too deeply.');
  }
  if (typeof value === 'string') {
    if (!isStorableText(value)) found.push({ field: path || '(body)', message: UNSTORABLE_TEXT_MESSAGE });
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, inner] of Object.entries(value)) {
    const where = path ? `${path}.${key}` : key;
    if (!isStorableText(key)) found.push({ field: where, message: UNSTORABLE_TEXT_MESSAGE });
    else unstorableFields(inner, where, depth + 1, found);
  }
}

/**
 * Refuses, with 400 naming each field, a JSON body or query string holding text no service can store
 * (PostgreSQL rejects NUL and invalid UTF-8 with an error that would otherwise surface as a 500), or
 * nested past any real request's depth.
 */
export const refuseUnstorableText: RequestHandler = (req, _res, next) => {
  const found: FieldError[] = [];
  unstorableFields(req.body, '', 0, found);
  unstorableFields(req.query, 'query', 0, found);
  if (found.length) {
    return next(
      new HttpProblem(400, 'Invalid request', found.map((f) => `${f.field}: ${f.message}`).join(' '), found),
    );
  }
  next();
};
