import { noSessionCookies, sessionCookies } from './server-session';

const session = {
  access_token: 'access.jwt',
  refresh_token: 'refresh-secret',
  expires_in: 3600,
  user: { id: 'u1', email: 'ada@lab.example' },
};

describe('the cookies of a sign-in the server completed', () => {
  it('keeps every token httpOnly, and tells the page for two minutes only that a session waits', () => {
    const [handoff, marker, server] = sessionCookies(session, { secure: true });
    expect(server).toBe(
      'storefront-session=access.jwt; Path=/; Max-Age=3600; HttpOnly; SameSite=Lax; Secure',
    );
    // The tokens go only to the account service's handoff address, never to a page's scripts.
    expect(handoff).toBe(
      `storefront-auth-handoff-session=${encodeURIComponent(JSON.stringify(session))}; ` +
        'Path=/api/account/session-handoff; Max-Age=120; HttpOnly; SameSite=Lax; Secure',
    );
    // What the scripts see says only that one waits; where none runs, it is gone two minutes later.
    expect(marker).toBe('storefront-auth-handoff=1; Path=/; Max-Age=120; SameSite=Lax; Secure');
    expect(marker).not.toContain('refresh-secret');
  });

  it('ends all three on signing out, at the paths they were set on', () => {
    expect(noSessionCookies({ secure: false })).toEqual([
      'storefront-auth-handoff-session=; Path=/api/account/session-handoff; Max-Age=0; HttpOnly; SameSite=Lax',
      'storefront-auth-handoff=; Path=/; Max-Age=0; SameSite=Lax',
      'storefront-session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
    ]);
  });
});
