import type { ActionRequest, ServiceAnswer } from '@storefront/routing/server-module';

/** Supabase Auth's error answer, in the shape the spec's messages are chosen from. */
export function providerError(answer: ServiceAnswer) {
  const body = (answer.body ?? {}) as {
    code?: unknown;
    error_code?: unknown;
    message?: unknown;
    msg?: unknown;
  };
  const code =
    typeof body.code === 'string'
      ? body.code
      : typeof body.error_code === 'string'
        ? body.error_code
        : undefined;
  const message =
    typeof body.message === 'string' ? body.message : typeof body.msg === 'string' ? body.msg : '';
  return { code, message, status: answer.status };
}

/** The account service's Supabase Auth API, as supabase-js calls it (its apikey header included). */
export const callAuth = (request: Pick<ActionRequest, 'service'>, path: string, body: unknown) =>
  request.service({ method: 'POST', path, body, headers: { apikey: 'storefront-forms' } }).catch(() => null);
