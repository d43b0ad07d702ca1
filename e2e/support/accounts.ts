import { callFrom, instancesOf } from './scale-stack';

export const PASSWORD = 'correct horse battery staple';

export interface Session {
  access_token: string;
  refresh_token: string;
}

/** Signs a researcher up on one account instance and follows the confirmation link the mailbox shows. */
export async function confirmedResearcher(source: string, email: string): Promise<void> {
  const [first] = instancesOf('account');
  const signUp = await callFrom(source, `${first!.url}/auth/v1/signup`, {
    method: 'POST',
    body: { email, password: PASSWORD },
  });
  if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}: ${signUp.body}`);
  const mailbox = await callFrom(source, `${first!.url}/dev/mailbox?to=${encodeURIComponent(email)}`);
  const link = /href="([^"]*\/auth\/v1\/verify[^"]*)"/.exec(mailbox.body)?.[1]?.replaceAll('&amp;', '&');
  if (!link) throw new Error(`no confirmation link for ${email}`);
  const verified = await callFrom(source, link);
  if (verified.status !== 303) throw new Error(`the confirmation link answered ${verified.status}`);
}

/** A password sign-in at one account instance: its status, and the session when it succeeded. */
export async function signIn(source: string, instanceUrl: string, email: string, password = PASSWORD) {
  const answer = await callFrom(source, `${instanceUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    body: { email, password },
  });
  return { status: answer.status, session: answer.status === 200 ? answer.json<Session>() : null };
}
