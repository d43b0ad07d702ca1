import { sessionCookies } from './server-session';

const session = {
  access_token: 'access.jwt',
  refresh_token: 'refresh-secret',
  expires_in: 3600,
  user: { id: 'u1', email: 'ada@lab.example' },
};

describe('the cookies of a sign-in the server completed', () => {
  it('keeps the session for the server httpOnly, and hands the page a copy for two minutes only', () => {
    const [handoff, server] = sessionCookies(session, { secure: true });
    expect(server).toBe(
      'storefront-session=access.jwt; Path=/; Max-Age=3600; HttpOnly; SameSite=Lax; Secure',
    );
    // The page's script takes the hand-off at once; where none runs, it is gone two minutes later.
    expect(handoff).toMatch(/^storefront-auth-handoff=/);
    expect(handoff).toContain('Max-Age=120;');
    expect(handoff).toContain('Secure');
  });
});
