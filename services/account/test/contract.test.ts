import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createServiceApp, memoryLimits, trustProxySetting } from '@storefront/server-kit';
import {
  openTestDatabase,
  testAppSettings,
  testDatabaseKinds,
  type TestDatabase,
} from '@storefront/server-kit/testing';
import { SESSION_HANDOFF } from '@storefront/commerce/account';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import pino from 'pino';
import WebSocket from 'ws';
import { devMailbox } from '../src/mailer';
import { apiContract } from '../src/api-contract';
import { accountRoutes } from '../src/app';
import { accountLimits } from '../src/limits';
import { createRecovery } from '../src/store/recoveries-store';
import { AccessTokens } from '../src/tokens';

const SECRET = 'test-secret-of-at-least-thirty-two-characters';
const PASSWORD = 'correct horse battery';
const REUSE_INTERVAL_MS = 500;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(testDatabaseKinds())('account service, spoken to by supabase-js, on %s', (kind) => {
  let database: TestDatabase;
  let server: Server;
  let baseUrl: string;
  const logLines: string[] = [];
  const responses: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind, path.join(__dirname, '../migrations'));
    const logger = pino(
      { level: 'debug', redact: ['req.headers.authorization', '*.password', '*.password_hash'] },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          logLines.push(chunk.toString());
          done();
        },
      }),
    );
    const settings = {
      siteUrl: 'http://shop.test',
      publicUrl: 'http://placeholder',
      signInLimitPerEmail: 5,
      signInLimitPerClient: 1000,
      signInBackoff: { freeFailures: 8, windowMs: 60_000, maxDelayMs: 2_000 },
      signUpLimitPerClient: 1000,
      limitWindowMs: 60_000,
      resendIntervalMs: 60_000,
      refreshReuseIntervalMs: REUSE_INTERVAL_MS,
    };
    const app = createServiceApp({
      ...testAppSettings,
      name: 'account',
      version: 'test',
      db: database.db,
      logger,
      bodyLimit: '16kb',
      routes: accountRoutes({
        db: database.db,
        tokens: new AccessTokens(SECRET, 3600),
        mailer: devMailbox(database.db, logger),
        logger,
        settings,
        limits: accountLimits(settings, memoryLimits),
      }),
      // As behind the shell: the forwarded address names the client, so a test can speak as two.
      trustProxy: trustProxySetting().parse('loopback'),
    });
    // Every answer is kept, to prove no password or hash ever leaves the service.
    server = createServer((req, res) => {
      const write = res.write.bind(res);
      const end = res.end.bind(res);
      const chunks: Buffer[] = [];
      res.write = ((chunk: unknown, ...rest: never[]) => {
        if (chunk) chunks.push(Buffer.from(chunk as string));
        return write(chunk as string, ...rest);
      }) as typeof res.write;
      res.end = ((chunk?: unknown, ...rest: never[]) => {
        if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk as string));
        responses.push(Buffer.concat(chunks).toString());
        return end(chunk as string, ...rest);
      }) as typeof res.end;
      app(req, res);
    }).listen(0, '127.0.0.1');
    await once(server, 'listening');
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    server.close();
    server.closeAllConnections();
    await database.dispose();
  });

  /** A supabase-js client; `from` names the address it speaks from (as the shell would forward it). */
  const client = (from?: string): SupabaseClient =>
    createClient(baseUrl, 'anon-key', {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { headers: from ? { 'x-forwarded-for': from } : {} },
      // Node 20 has no WebSocket of its own; realtime is never used here, but the client builds it.
      realtime: { transport: WebSocket as never },
    });
  /** A browser using Supabase's PKCE flow: it keeps each sign-up's verifier, as supabase-js does. */
  const pkceClient = (): SupabaseClient => {
    const kept = new Map<string, string>();
    return createClient(baseUrl, 'anon-key', {
      auth: {
        flowType: 'pkce',
        persistSession: true,
        autoRefreshToken: false,
        detectSessionInUrl: false,
        storage: {
          getItem: (key) => kept.get(key) ?? null,
          setItem: (key, value) => void kept.set(key, value),
          removeItem: (key) => void kept.delete(key),
        },
      },
      realtime: { transport: WebSocket as never },
    });
  };
  const email = (label: string) => `${label}-${kind}-${Date.now()}@lab.example`;
  const confirmationLink = async (to: string) => {
    const { rows } = await database.db.query<{ link: string }>(
      'SELECT link FROM dev_mailbox WHERE to_email = $1 ORDER BY id DESC LIMIT 1',
      [to],
    );
    return rows[0]!.link.replace('http://placeholder', baseUrl);
  };
  async function confirmedUser(label: string) {
    const address = email(label);
    await client().auth.signUp({ email: address, password: PASSWORD });
    await fetch(await confirmationLink(address), { redirect: 'manual' });
    return address;
  }

  it('signs up an unconfirmed user without a session and mails a confirmation link', async () => {
    const address = email('signup');
    const { data, error } = await client().auth.signUp({
      email: address,
      password: PASSWORD,
      options: { emailRedirectTo: 'http://shop.test/', data: { institution: 'Lab' } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({
      id: expect.stringMatching(UUID),
      aud: 'authenticated',
      role: 'authenticated',
      email: address,
      email_confirmed_at: null,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { institution: 'Lab' },
      identities: [expect.objectContaining({ provider: 'email', user_id: data.user!.id })],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await confirmationLink(address)).toMatch(/\/auth\/v1\/verify\?token=[\w-]{40,}&type=signup$/);
  });

  it('refuses an email already registered, a short password and a malformed email', async () => {
    const address = email('twice');
    await client().auth.signUp({ email: address, password: PASSWORD });
    const again = await client().auth.signUp({ email: address.toUpperCase(), password: PASSWORD });
    expect(again.error).toMatchObject({
      status: 422,
      code: 'user_already_exists',
      message: 'User already registered',
    });
    const short = await client().auth.signUp({ email: email('short'), password: '12345' });
    expect(short.error).toMatchObject({ status: 422, code: 'weak_password' });
    const malformed = await client().auth.signUp({ email: 'not-an-email', password: PASSWORD });
    expect(malformed.error).toMatchObject({ status: 400, code: 'email_address_invalid' });
  });

  it('checks the password before saying the email is not confirmed, and confirms by the link once', async () => {
    const address = email('confirm');
    await client().auth.signUp({ email: address, password: PASSWORD });
    const wrong = await client().auth.signInWithPassword({ email: address, password: 'wrong password' });
    expect(wrong.error).toMatchObject({
      status: 400,
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
    const early = await client().auth.signInWithPassword({ email: address, password: PASSWORD });
    expect(early.error).toMatchObject({
      status: 400,
      code: 'email_not_confirmed',
      message: 'Email not confirmed',
    });

    const link = await confirmationLink(address);
    const confirmed = await fetch(link, { redirect: 'manual' });
    expect(confirmed.status).toBe(303);
    // Signed up without PKCE: the link confirms, and the site asks the researcher to sign in.
    const arrival = new URL(confirmed.headers.get('location')!);
    expect(`${arrival.origin}${arrival.pathname}`).toBe('http://shop.test/auth/confirm');
    expect(arrival.hash).toBe('');
    expect([...arrival.searchParams.entries()]).toEqual([['confirmed', 'true']]);
    const reused = await fetch(link, { redirect: 'manual' });
    expect(new URL(reused.headers.get('location')!).searchParams.get('error_code')).toBe('otp_expired');

    const { data, error } = await client().auth.signInWithPassword({ email: address, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
  });

  it('signs in from a confirmation link only the browser that signed up, which holds the PKCE verifier', async () => {
    const address = email('pkce');
    const signingUp = pkceClient();
    expect((await signingUp.auth.signUp({ email: address, password: PASSWORD })).error).toBeNull();
    const confirmed = await fetch(await confirmationLink(address), { redirect: 'manual' });
    // On to the site's confirmation page with a one-time code: no session rides in the address.
    const arrival = new URL(confirmed.headers.get('location')!);
    expect(`${arrival.origin}${arrival.pathname}`).toBe('http://shop.test/auth/confirm');
    expect([...arrival.searchParams.keys()]).toEqual(['code']);
    const code = arrival.searchParams.get('code')!;

    // Anyone else holding the code (an attacker who kept their own link's) signs no one in with it.
    const exchange = (verifier?: string) =>
      fetch(`${baseUrl}/auth/v1/token?grant_type=pkce`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', apikey: 'k' },
        body: JSON.stringify({
          auth_code: code,
          ...(verifier === undefined ? {} : { code_verifier: verifier }),
        }),
      });
    for (const verifier of [undefined, 'x'.repeat(43), 'y'.repeat(64)]) {
      const refused = await exchange(verifier);
      expect([refused.status, ((await refused.json()) as { code: string }).code]).toEqual([
        403,
        'flow_state_not_found',
      ]);
    }
    // The old exchange of a code alone is gone: POST /verify takes only a recovery link's token.
    const verifyPost = await fetch(`${baseUrl}/auth/v1/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: 'k' },
      body: JSON.stringify({ type: 'signup', token_hash: code }),
    });
    expect([verifyPost.status, ((await verifyPost.json()) as { code: string }).code]).toEqual([
      400,
      'validation_failed',
    ]);

    const { data, error } = await signingUp.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.user?.email).toBe(address);
    expect((await client().auth.getUser(data.session!.access_token)).data.user?.email).toBe(address);
    // The code signs in once.
    expect((await signingUp.auth.exchangeCodeForSession(code)).error).not.toBeNull();
  });

  it('resends the link to an unconfirmed account, and only the newest link confirms it', async () => {
    const address = email('resend');
    await client().auth.signUp({ email: address, password: PASSWORD });
    const first = await confirmationLink(address);
    const resent = await client().auth.resend({
      type: 'signup',
      email: address.toUpperCase(),
      options: { emailRedirectTo: 'http://shop.test/' },
    });
    expect(resent.error).toBeNull();
    const second = await confirmationLink(address);
    expect(second).not.toBe(first);
    expect((await fetch(first, { redirect: 'manual' })).headers.get('location')).toContain(
      'error_code=otp_expired',
    );
    const confirmed = await fetch(second, { redirect: 'manual' });
    expect(confirmed.headers.get('location')).toBe('http://shop.test/auth/confirm?confirmed=true');
    expect((await client().auth.signInWithPassword({ email: address, password: PASSWORD })).error).toBeNull();
  });

  it('answers a resend alike for unknown and confirmed emails, and sends them nothing', async () => {
    const confirmed = await confirmedUser('resend-confirmed');
    const unknown = email('resend-unknown');
    const mails = async (to: string) =>
      (await database.db.query('SELECT 1 FROM dev_mailbox WHERE to_email = $1', [to])).rows.length;
    for (const address of [confirmed, unknown]) {
      const { error } = await client().auth.resend({ type: 'signup', email: address });
      expect(error).toBeNull();
    }
    expect(await mails(confirmed)).toBe(1);
    expect(await mails(unknown)).toBe(0);
  });

  it('resends to one address at most once a minute, and refuses a malformed request', async () => {
    const address = email('resend-twice');
    await client().auth.signUp({ email: address, password: PASSWORD });
    expect((await client().auth.resend({ type: 'signup', email: address })).error).toBeNull();
    const again = await client().auth.resend({ type: 'signup', email: address });
    expect(again.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(again.error?.message).toMatch(
      /^For security purposes, you can only request this after \d+ seconds\.$/,
    );
    const malformed = await fetch(`${baseUrl}/auth/v1/resend`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'recovery', email: 'not-an-email' }),
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'validation_failed' });
  });

  it("answers sign-in with Supabase's session: a signed JWT and a refresh token", async () => {
    const address = await confirmedUser('session');
    const { data, error } = await client().auth.signInWithPassword({ email: address, password: PASSWORD });
    expect(error).toBeNull();
    const session = data.session!;
    expect(session).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: expect.any(Number),
      refresh_token: expect.any(String),
      user: expect.objectContaining({ email: address }),
    });
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({
      sub: expect.stringMatching(UUID),
      aud: 'authenticated',
      role: 'authenticated',
      email: address,
      session_id: expect.stringMatching(UUID),
    });
    expect(claims.exp! - claims.iat!).toBe(3600);
  });

  it('tells every cache to keep no token, user or sign-up answer', async () => {
    const address = await confirmedUser('no-store');
    const post = (path: string, body: object) =>
      fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', apikey: 'anon-key' },
        body: JSON.stringify(body),
      });
    const signedIn = await post('/auth/v1/token?grant_type=password', { email: address, password: PASSWORD });
    const { access_token: token } = (await signedIn.json()) as { access_token: string };
    const answers = [
      signedIn,
      await fetch(`${baseUrl}/auth/v1/user`, {
        headers: { authorization: `Bearer ${token}`, apikey: 'anon-key' },
      }),
      await post('/auth/v1/signup', { email: email('no-store-signup'), password: PASSWORD }),
      await post('/auth/v1/token?grant_type=password', { email: address, password: 'wrong-password' }),
    ];
    expect(answers.map((answer) => answer.headers.get('cache-control'))).toEqual([
      'no-store',
      'no-store',
      'no-store',
      'no-store',
    ]);
  });

  it('answers sign-up, sign-in and the user as its published contract says', async () => {
    const address = await confirmedUser('contract');
    const post = async (path: string, body: object) =>
      (
        await fetch(`${baseUrl}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', apikey: 'anon-key' },
          body: JSON.stringify(body),
        })
      ).json();
    const session = apiContract['POST /auth/v1/token'].parse(
      await post('/auth/v1/token?grant_type=password', { email: address, password: PASSWORD }),
    );
    expect(session.user.email).toBe(address);
    const user = apiContract['GET /auth/v1/user'].parse(
      await (
        await fetch(`${baseUrl}/auth/v1/user`, {
          headers: { authorization: `Bearer ${session.access_token}`, apikey: 'anon-key' },
        })
      ).json(),
    );
    expect(user.id).toBe(session.user.id);
    const signedUp = apiContract['POST /auth/v1/signup'].parse(
      await post('/auth/v1/signup', { email: email('contract-signup'), password: PASSWORD }),
    );
    expect(signedUp.email_confirmed_at).toBeNull();
  });

  it('gets the user, refreshes with rotation, revokes a session whose used refresh token comes back', async () => {
    const address = await confirmedUser('refresh');
    const supabase = client();
    const { data } = await supabase.auth.signInWithPassword({ email: address, password: PASSWORD });
    const first = data.session!;
    const user = await supabase.auth.getUser();
    expect(user.data.user).toMatchObject({ id: first.user.id, email: address });

    const refreshed = await supabase.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session!.refresh_token).not.toBe(first.refresh_token);

    await new Promise((resolve) => setTimeout(resolve, REUSE_INTERVAL_MS + 100));
    const reuse = await client().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(reuse.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    const afterTheft = await supabase.auth.getUser(refreshed.data.session!.access_token);
    expect(afterTheft.error).not.toBeNull();
    const childAfterTheft = await client().auth.refreshSession({
      refresh_token: refreshed.data.session!.refresh_token,
    });
    expect(childAfterTheft.error).not.toBeNull();
  });

  it('keeps the session when two tabs refresh with the same token at once (reuse interval)', async () => {
    const address = await confirmedUser('two-tabs');
    const { data } = await client().auth.signInWithPassword({ email: address, password: PASSWORD });
    const shared = data.session!.refresh_token;
    const [tabA, tabB] = await Promise.all(
      [client(), client()].map((tab) => tab.auth.refreshSession({ refresh_token: shared })),
    );
    expect(tabA!.error).toBeNull();
    expect(tabB!.error).toBeNull();
    // One chain, never two: both tabs are given the same next token.
    expect(tabA!.data.session!.refresh_token).toBe(tabB!.data.session!.refresh_token);
    // Both tabs go on: each new token refreshes, and the access tokens are accepted.
    for (const tab of [tabA!, tabB!]) {
      expect((await client().auth.getUser(tab.data.session!.access_token)).error).toBeNull();
      const next = await client().auth.refreshSession({ refresh_token: tab.data.session!.refresh_token });
      expect(next.error).toBeNull();
    }
  });

  it('signs out (204) and the token stops working', async () => {
    const address = await confirmedUser('signout');
    const supabase = client();
    const { data } = await supabase.auth.signInWithPassword({ email: address, password: PASSWORD });
    const token = data.session!.access_token;
    const logout = await fetch(`${baseUrl}/auth/v1/logout?scope=global`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, apikey: 'anon-key' },
    });
    expect(logout.status).toBe(204);
    expect((await client().auth.getUser(token)).error).not.toBeNull();
    expect((await supabase.auth.signOut()).error).toBeNull();
  });

  it('refuses a tampered or expired access token, and asks for one where none came', async () => {
    const none = await fetch(`${baseUrl}/auth/v1/user`);
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ code: 'no_authorization', message: expect.any(String) });

    const address = await confirmedUser('jwt');
    const { data } = await client().auth.signInWithPassword({ email: address, password: PASSWORD });
    const [header, payload, signature] = data.session!.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = [
      header,
      Buffer.from(JSON.stringify({ ...claims, email: 'admin@lab.example' })).toString('base64url'),
      signature,
    ].join('.');
    const tampered = await fetch(`${baseUrl}/auth/v1/user`, {
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(tampered.status).toBe(403);
    expect(await tampered.json()).toEqual({ code: 'bad_jwt', message: expect.any(String) });
    expect(tampered.headers.get('x-supabase-api-version')).toBe('2024-01-01');

    const { token: expired } = await new AccessTokens(SECRET, 60).sign(
      { sub: claims.sub, email: address, session_id: claims.session_id },
      Math.floor(Date.now() / 1000) - 3600,
    );
    expect(
      (await fetch(`${baseUrl}/auth/v1/user`, { headers: { authorization: `Bearer ${expired}` } })).status,
    ).toBe(403);
  });

  it('stops password guessing for an email with 429 over_request_rate_limit', async () => {
    const address = await confirmedUser('brute');
    const attacker = '198.51.100.66';
    const attempts = [];
    for (let i = 0; i < 6; i++) {
      attempts.push(
        await client(attacker).auth.signInWithPassword({ email: address, password: `guess-${i}` }),
      );
    }
    expect(attempts.slice(0, 5).map((a) => a.error?.code)).toEqual(Array(5).fill('invalid_credentials'));
    expect(attempts[5]!.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    // The guesser waits out the window, even with the right password...
    const guessed = await client(attacker).auth.signInWithPassword({ email: address, password: PASSWORD });
    expect(guessed.error?.code).toBe('over_request_rate_limit');
    // ...but the owner, elsewhere, is not locked out by a stranger's guesses.
    const owner = await client('203.0.113.9').auth.signInWithPassword({ email: address, password: PASSWORD });
    expect(owner.error).toBeNull();
    expect(owner.data.session).not.toBeNull();
  });

  it('slows guesses at one account spread over many addresses, and lets the owner in after the wait', async () => {
    const address = await confirmedUser('spread');
    const guess = (i: number) =>
      client(`198.51.100.${100 + i}`).auth.signInWithPassword({ email: address, password: `guess-${i}` });
    const codes = [];
    // One guess from each of ten addresses: no address nears its own limit.
    for (let i = 0; i < 10; i++) codes.push((await guess(i)).error?.code);
    expect(codes).toEqual([...Array(9).fill('invalid_credentials'), 'over_request_rate_limit']);
    // Held, the right password waits too (or the hold would tell a guesser when they are right)...
    const early = await client('203.0.113.20').auth.signInWithPassword({
      email: address,
      password: PASSWORD,
    });
    expect(early.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    // ...and once the wait has passed, the owner signs in, which forgets the guesses.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const owner = await client('203.0.113.20').auth.signInWithPassword({
      email: address,
      password: PASSWORD,
    });
    expect(owner.error).toBeNull();
    expect((await guess(11)).error?.code).toBe('invalid_credentials');
  });

  it('counts only failures: a researcher who signs in often is never limited', async () => {
    const address = await confirmedUser('often');
    for (let i = 0; i < 8; i++) {
      const { error } = await client('203.0.113.10').auth.signInWithPassword({
        email: address,
        password: PASSWORD,
      });
      expect(error).toBeNull();
    }
  });

  it('lets supabase-js in a browser on the site read its headers (CORS)', async () => {
    const preflight = await fetch(`${baseUrl}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://shop.test',
        'access-control-request-headers': 'apikey, authorization, x-client-info',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://shop.test');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('apikey');
    expect(preflight.headers.get('access-control-expose-headers')).toBe('X-Supabase-Api-Version');
    const elsewhere = await fetch(`${baseUrl}/auth/v1/user`, { headers: { origin: 'http://evil.example' } });
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("hands a session the server signed in to the site's own page only, and ends the handoff", async () => {
    const session = { access_token: 'a.b.c', refresh_token: 'r-1', expires_in: 3600 };
    const cookie = `${SESSION_HANDOFF.sessionCookie}=${encodeURIComponent(JSON.stringify(session))}`;
    const handoff = (method: string, headers: Record<string, string>) =>
      fetch(`${baseUrl}${SESSION_HANDOFF.route}`, { method, headers });

    const taken = await handoff('POST', { origin: 'http://shop.test', cookie });
    expect([taken.status, taken.headers.get('cache-control')]).toEqual([200, 'no-store']);
    expect(await taken.json()).toEqual(session);
    // Another site's page (a form posted there, a script there) learns nothing, and ends nothing.
    for (const origin of [{ origin: 'http://evil.example' }, {} as Record<string, string>]) {
      expect((await handoff('POST', { ...origin, cookie })).status).toBe(403);
      expect((await handoff('DELETE', { ...origin, cookie })).status).toBe(403);
    }
    expect((await handoff('POST', { origin: 'http://shop.test' })).status).toBe(404);
    const written = `${SESSION_HANDOFF.sessionCookie}=${encodeURIComponent('{"access_token":"x"}')}`;
    expect((await handoff('POST', { origin: 'http://shop.test', cookie: written })).status).toBe(404);

    const ended = await handoff('DELETE', { origin: 'http://shop.test', cookie });
    expect(ended.status).toBe(204);
    expect(ended.headers.getSetCookie()).toEqual([
      `${SESSION_HANDOFF.sessionCookie}=; Path=${SESSION_HANDOFF.address}; Max-Age=0; HttpOnly; SameSite=Lax`,
      `${SESSION_HANDOFF.markerCookie}=; Path=/; Max-Age=0; SameSite=Lax`,
    ]);
  });

  describe('a forgotten password', () => {
    const NEW_PASSWORD = 'a brand new passphrase';
    const recoveryLink = async (to: string) => {
      const { rows } = await database.db.query<{ link: string; subject: string }>(
        "SELECT link, subject FROM dev_mailbox WHERE to_email = $1 AND subject = 'Reset your password' ORDER BY id DESC",
        [to],
      );
      return rows.map((row) => new URL(row.link));
    };
    const tokenOf = (link: URL) => link.searchParams.get('token_hash')!;

    it('mails a one-time link to the reset page, answering an address without an account the same', async () => {
      const address = await confirmedUser('forgot');
      const elsewhere = client();
      const {
        data: { session: elsewhereSession },
      } = await elsewhere.auth.signInWithPassword({ email: address, password: PASSWORD });
      const nobody = email('nobody');
      for (const to of [address, nobody])
        expect(
          await client('10.7.0.1').auth.resetPasswordForEmail(to, {
            redirectTo: 'http://shop.test/auth/reset',
          }),
        ).toEqual({ data: {}, error: null });
      expect(await recoveryLink(nobody)).toEqual([]);
      const [link] = await recoveryLink(address);
      expect(`${link!.origin}${link!.pathname}`).toBe('http://shop.test/auth/reset');
      expect(link!.searchParams.get('type')).toBe('recovery');

      // Taken once: a session that may set the new password as it is; every other session then ends.
      const recovering = client();
      const taken = await recovering.auth.verifyOtp({ token_hash: tokenOf(link!), type: 'recovery' });
      expect(taken.error).toBeNull();
      expect(taken.data.session?.access_token).toEqual(expect.any(String));
      const again = await client().auth.verifyOtp({ token_hash: tokenOf(link!), type: 'recovery' });
      expect(again.error?.code).toBe('otp_expired');
      const updated = await recovering.auth.updateUser({ password: NEW_PASSWORD });
      expect(updated.error).toBeNull();
      expect(updated.data.user?.email).toBe(address);

      expect(
        (await client().auth.signInWithPassword({ email: address, password: PASSWORD })).error?.code,
      ).toBe('invalid_credentials');
      expect(
        (await client().auth.signInWithPassword({ email: address, password: NEW_PASSWORD })).error,
      ).toBeNull();
      const gone = await fetch(`${baseUrl}/auth/v1/user`, {
        headers: { apikey: 'anon-key', authorization: `Bearer ${elsewhereSession!.access_token}` },
      });
      expect([gone.status, ((await gone.json()) as { code: string }).code]).toEqual([
        403,
        'session_not_found',
      ]);
      expect((await recovering.auth.getUser(taken.data.session!.access_token)).data.user?.email).toBe(
        address,
      );
    });

    it('refuses a link past its hour, and one sent before a newer link', async () => {
      const address = await confirmedUser('late');
      await client('10.7.0.2').auth.resetPasswordForEmail(address);
      const [late] = await recoveryLink(address);
      await database.db.query(
        "UPDATE recovery_tokens SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE email = $1)",
        [address],
      );
      expect(
        (await client().auth.verifyOtp({ token_hash: tokenOf(late!), type: 'recovery' })).error?.code,
      ).toBe('otp_expired');
      // Two links made in turn (an address's wait between two is the limit's, tested below): only the newer works.
      const { rows } = await database.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
        await confirmedUser('twice'),
      ]);
      const first = await createRecovery(database.db, rows[0]!.id);
      const newer = await createRecovery(database.db, rows[0]!.id);
      expect((await client().auth.verifyOtp({ token_hash: first, type: 'recovery' })).error?.code).toBe(
        'otp_expired',
      );
      expect((await client().auth.verifyOtp({ token_hash: newer, type: 'recovery' })).error).toBeNull();
    });

    it('sends an address one link a minute, whether or not it has an account', async () => {
      for (const to of [await confirmedUser('hurried'), email('hurried-nobody')]) {
        expect((await client('10.7.0.5').auth.resetPasswordForEmail(to)).error).toBeNull();
        const second = await client('10.7.0.6').auth.resetPasswordForEmail(to);
        expect(second.error?.code).toBe('over_email_send_rate_limit');
        expect(second.error?.message).toMatch(
          /^For security purposes, you can only request this after \d+ seconds\.$/,
        );
      }
    });

    it('asks a session not begun from a link for the current password, and refuses the same one again', async () => {
      const address = await confirmedUser('changing');
      const signedIn = client();
      const { data } = await signedIn.auth.signInWithPassword({ email: address, password: PASSWORD });
      expect((await signedIn.auth.updateUser({ password: NEW_PASSWORD })).error?.code).toBe(
        'reauthentication_needed',
      );
      const put = (body: object) =>
        fetch(`${baseUrl}/auth/v1/user`, {
          method: 'PUT',
          headers: {
            'content-type': 'application/json',
            apikey: 'anon-key',
            authorization: `Bearer ${data.session!.access_token}`,
          },
          body: JSON.stringify(body),
        }).then(async (answer) => ({
          status: answer.status,
          code: ((await answer.json()) as { code?: string }).code,
        }));
      expect(await put({ password: NEW_PASSWORD, current_password: 'not it' })).toEqual({
        status: 400,
        code: 'invalid_credentials',
      });
      expect(await put({ password: '12345', current_password: PASSWORD })).toEqual({
        status: 422,
        code: 'weak_password',
      });
      expect(await put({ password: PASSWORD, current_password: PASSWORD })).toEqual({
        status: 422,
        code: 'same_password',
      });
      expect((await put({ password: NEW_PASSWORD, current_password: PASSWORD })).status).toBe(200);
      expect(
        (await client().auth.signInWithPassword({ email: address, password: NEW_PASSWORD })).error,
      ).toBeNull();
      expect(await put({})).toEqual({ status: 400, code: 'validation_failed' });
    });
  });

  it('never puts a password or its hash in an answer or a log line', async () => {
    const { rows } = await database.db.query<{ password_hash: string }>('SELECT password_hash FROM users');
    expect(rows.length).toBeGreaterThan(3);
    const everything = [...responses, ...logLines].join('\n');
    expect(everything).not.toContain(PASSWORD);
    expect(everything).not.toContain('scrypt$');
    for (const { password_hash } of rows) expect(everything).not.toContain(password_hash.split('$').pop()!);
  });
});
