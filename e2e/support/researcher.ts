import type { APIRequestContext, APIResponse } from '@playwright/test';

export const PASSWORD = 'correct horse battery staple';

/** Signs a researcher up through the shop and follows the confirmation link its dev mailbox shows. */
export async function confirmedResearcher(request: APIRequestContext, email: string): Promise<void> {
  const signUp = await request.post('/api/account/auth/v1/signup', {
    headers: { apikey: 'storefront-local-anon-key' },
    data: { email, password: PASSWORD },
  });
  if (!signUp.ok()) throw new Error(`sign-up answered ${signUp.status()}: ${await signUp.text()}`);
  const mailbox = await (
    await request.get(`/api/account/dev/mailbox?to=${encodeURIComponent(email)}`)
  ).text();
  const link = /href="([^"]*\/auth\/v1\/verify[^"]*)"/.exec(mailbox)?.[1]?.replaceAll('&amp;', '&');
  if (!link) throw new Error(`no confirmation link for ${email}`);
  await request.get(new URL(link).pathname + new URL(link).search, { maxRedirects: 0 });
}

/** A password sign-in through the shop's account API (supabase-js's call), as its answer. */
export function passwordSignIn(
  request: APIRequestContext,
  email: string,
  password = PASSWORD,
): Promise<APIResponse> {
  return request.post('/api/account/auth/v1/token?grant_type=password', {
    headers: { apikey: 'storefront-local-anon-key' },
    data: { email, password },
  });
}

/** A confirmed researcher's access token, from a password sign-in. */
export async function accessTokenOf(request: APIRequestContext, email: string): Promise<string> {
  const answer = await passwordSignIn(request, email);
  if (answer.status() !== 200) throw new Error(`signing ${email} in answered ${answer.status()}`);
  return ((await answer.json()) as { access_token: string }).access_token;
}

/**
 * Signs a confirmed researcher in as the sign-in form does when it is sent before any script ran (the
 * server completes it): `request` is a page's own, so its cookies are the page's.
 */
export function signInOnTheServer(
  request: APIRequestContext,
  origin: string,
  email: string,
): Promise<APIResponse> {
  return request.post('/auth', {
    form: { _action: 'account/sign-in', email, password: PASSWORD },
    headers: { origin },
  });
}

/** The newest password reset link the dev mailbox shows for `email`, as a path of the shop. */
export async function resetLinkFor(request: APIRequestContext, email: string): Promise<string> {
  const mailbox = await (
    await request.get(`/api/account/dev/mailbox?to=${encodeURIComponent(email)}`)
  ).text();
  const link = /href="([^"]*\/auth\/reset\?token_hash=[^"]*)"/.exec(mailbox)?.[1]?.replaceAll('&amp;', '&');
  if (!link) throw new Error(`no password reset link for ${email}`);
  return new URL(link).pathname + new URL(link).search;
}
