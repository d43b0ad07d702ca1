import type { z } from 'zod';
import { problemSchema, type Problem } from './schemas';

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
 * Calls a JSON API and validates the answer with a schema. Network failures and non-2xx answers
 * become ApiError (status 0 when the service could not be reached).
 */
export async function requestJson<S extends z.ZodType>(
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
  if (!response.ok) {
    const problem = problemSchema.safeParse(body);
    throw new ApiError(response.status, problem.success ? problem.data : null);
  }
  return schema.parse(body);
}
