import { expect, test } from '@playwright/test';
import { confirmedResearcher, signIn, type Session } from '../../support/accounts';
import { callFrom, instancesOf } from '../../support/scale-stack';

test('a session issued by one account instance is refreshed and honoured by the other', async () => {
  const source = '127.0.0.31';
  const email = `session-${Date.now()}@lab.example`;
  await confirmedResearcher(source, email);
  const [first, second] = instancesOf('account');

  const issued = await signIn(source, first!.url, email);
  expect(issued.status).toBe(200);
  const refreshed = await callFrom(source, `${second!.url}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    body: { refresh_token: issued.session!.refresh_token },
  });
  expect(refreshed.status).toBe(200);
  const session = refreshed.json<Session>();
  expect(session.refresh_token).not.toBe(issued.session!.refresh_token);

  // The new access token, signed by the second instance, is read by the first: one signing key.
  for (const instance of [first!, second!]) {
    const user = await callFrom(source, `${instance.url}/auth/v1/user`, {
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(user.status).toBe(200);
    expect(user.json<{ email: string }>().email).toBe(email);
  }
});
