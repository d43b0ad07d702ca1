import type * as z from '@storefront/schema';
import { problemSchema, type Problem } from './problem';

/** A failed API call, carrying the service's problem details so the page can say what went wrong. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem | null,
  ) {
    super(problem?.detail ?? problem?.title ?? `Request failed with status ${status}`);
  }
}

/**
 * What a page says of a failed call: the service's own words for what it refused (its problem's
 * detail, else its title); for anything else (no answer, an answer without a problem) that the
 * connection may be at fault.
 */
export function failureWords(error: unknown): string {
  return error instanceof ApiError && error.problem
    ? (error.problem.detail ?? error.problem.title)
    : 'Please check your connection and try again.';
}

/** An answer's body checked against its schema; a non-2xx answer becomes ApiError with its problem. */
export function readAnswer<S extends z.ZodMiniType>(status: number, body: unknown, schema: S): z.output<S> {
  if (status < 200 || status > 299) {
    const problem = problemSchema.safeParse(body);
    throw new ApiError(status, problem.success ? problem.data : null);
  }
  return schema.parse(body);
}

/**
 * Calls a JSON API and validates the answer with a schema. Network failures and non-2xx answers
 * become ApiError (status 0 when the service could not be reached).
 */
export async function requestJson<S extends z.ZodMiniType>(
  url: string,
  schema: S,
  init: RequestInit = {},
): Promise<z.output<S>> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: {
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
    });
  } catch {
    throw new ApiError(0, null);
  }
  const body: unknown = await response.json().catch(() => null);
  return readAnswer(response.status, body, schema);
}

/**
 * A readable API resource for a page (see `useResource` in the UI kit): fetched in the browser, or
 * read from the answer the server fetched for the page it rendered.
 */
export interface ApiResource<T> {
  url: string;
  load(): Promise<T>;
  read(answer: { status: number; body: unknown }): T;
}

export function apiResource<S extends z.ZodMiniType>(url: string, schema: S): ApiResource<z.output<S>> {
  return {
    url,
    load: () => requestJson(url, schema),
    read: ({ status, body }) => readAnswer(status, body, schema),
  };
}

export { problemSchema, type Problem } from './problem';
