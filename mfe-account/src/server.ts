import {
  pageAddress,
  showAgain,
  type ActionRequest,
  type FormMessage,
  type ModuleAction,
  type RouteLoader,
  type ServerModule,
  type VisitorLoader,
} from '@storefront/routing/server-module';
import { ACTIONS } from './actions';
import { returnPathOf } from './return-path';
import { callAuth, providerError } from './auth-service-calls';
import { requestResetLink, setNewPassword, takeResetLink } from './password/password-actions';
import { AUTH_MESSAGES, authErrorMessage, credentialsProblem, isEmailNotConfirmed } from './auth-messages';
import { codeVerifierCookie, codeVerifierOf, newCodeChallenge } from './session/pkce';
import {
  accessTokenOf,
  noSessionCookies,
  researcherOf,
  sessionCookies,
  sessionOf,
} from './session/server-session';

const success = (text: string): FormMessage => ({ title: text, tone: 'success' });
const refusal = (text: string): FormMessage => ({ title: text, tone: 'error' });

/** What a form may show again: never a password. */
const withoutPasswords = (request: ActionRequest): ActionRequest => {
  const { password: _password, confirmation: _confirmation, ...fields } = request.fields;
  return { ...request, fields };
};

const field = (request: ActionRequest, name: string) => request.fields[name] ?? '';
const emailOf = (request: ActionRequest) => field(request, 'email').trim();

/**
 * Sign In (spec sections 2, 8): on success the researcher is signed in for the server's pages and the
 * next page's scripts, and goes home (signed-in visitors do not stay on /auth), or back to the page that
 * sent them to sign in (`?next=`), told so there.
 */
const signIn: ModuleAction = async (request) => {
  const shown = withoutPasswords(request);
  const again = (message: FormMessage, status?: number, outcome?: string) =>
    showAgain(shown, ACTIONS['sign-in'], message, status, outcome);
  const rule = credentialsProblem({ password: field(request, 'password'), confirmation: '' }, false);
  if (rule) return again(refusal(rule));
  const answer = await callAuth(request, '/auth/v1/token?grant_type=password', {
    email: emailOf(request),
    password: field(request, 'password'),
  });
  if (!answer) return again(refusal(AUTH_MESSAGES.unexpected), 503);
  if (answer.status !== 200) {
    const error = providerError(answer);
    return again(
      refusal(authErrorMessage(error)),
      422,
      isEmailNotConfirmed(error) ? 'email-not-confirmed' : undefined,
    );
  }
  const session = sessionOf(answer.body);
  if (!session) return again(refusal(AUTH_MESSAGES.unexpected), 502);
  return {
    redirect: returnPathOf(request.page.search),
    cookies: sessionCookies(session, request),
    flash: {
      action: ACTIONS['sign-in'],
      values: {},
      message: success(AUTH_MESSAGES.signedIn),
      outcome: 'signed-in',
    },
  };
};

/** Sign Out (the header's, where no script runs): the session ends, and the same page again, signed out. */
const signOut: ModuleAction = async (request) => {
  const token = accessTokenOf(request.cookies);
  if (token) {
    const headers = { authorization: `Bearer ${token}`, apikey: 'storefront-forms' };
    await request.service({ method: 'POST', path: '/auth/v1/logout', headers }).catch(() => null);
  }
  return { redirect: pageAddress(request.page), cookies: noSessionCookies(request) };
};

/** Sign Up (spec sections 2, 8): the confirmation email is sent, and the page says so. */
const signUp: ModuleAction = async (request) => {
  const shown = withoutPasswords(request);
  const rule = credentialsProblem(
    { password: field(request, 'password'), confirmation: field(request, 'confirmation') },
    true,
  );
  if (rule) return showAgain(shown, ACTIONS['sign-up'], refusal(rule));
  const redirectTo = encodeURIComponent(`${request.siteUrl}/`);
  // As supabase-js's PKCE flow: the link will sign in only this browser, which keeps the verifier.
  const { verifier, challenge } = await newCodeChallenge();
  const answer = await callAuth(request, `/auth/v1/signup?redirect_to=${redirectTo}`, {
    email: emailOf(request),
    password: field(request, 'password'),
    code_challenge: challenge,
    code_challenge_method: 's256',
  });
  if (!answer) return showAgain(shown, ACTIONS['sign-up'], refusal(AUTH_MESSAGES.unexpected), 503);
  if (answer.status !== 200)
    return showAgain(shown, ACTIONS['sign-up'], refusal(authErrorMessage(providerError(answer))));
  return {
    ...showAgain({ fields: {} }, ACTIONS['sign-up'], success(AUTH_MESSAGES.signedUp), 200),
    cookies: [codeVerifierCookie(verifier, request.secure)],
  };
};

/** A new confirmation link, offered after 'Email not confirmed'. */
const resendConfirmation: ModuleAction = async (request) => {
  const redirectTo = encodeURIComponent(`${request.siteUrl}/`);
  const { verifier, challenge } = await newCodeChallenge();
  const answer = await callAuth(request, `/auth/v1/resend?redirect_to=${redirectTo}`, {
    type: 'signup',
    email: emailOf(request),
    code_challenge: challenge,
    code_challenge_method: 's256',
  });
  const message = !answer
    ? refusal(AUTH_MESSAGES.unexpected)
    : answer.status === 200
      ? success(AUTH_MESSAGES.confirmationResent)
      : refusal(authErrorMessage(providerError(answer)));
  const shown = showAgain(request, ACTIONS.resend, message, answer?.status === 200 ? 200 : 422);
  return answer?.status === 200
    ? { ...shown, cookies: [codeVerifierCookie(verifier, request.secure)] }
    : shown;
};

/** /auth: a researcher the server knows signed in is sent home (spec section 2), or back where they came from. */
const toHomeIfSignedIn: RouteLoader = async ({ cookies, service, page }) =>
  (await researcherOf(service, cookies)) ? { redirect: returnPathOf(page.search) } : null;

/**
 * /auth/confirm, where a confirmation link leads. The address is confirmed already; with its one-time
 * code, the browser that signed up (it holds the PKCE verifier, in a cookie) is signed in here on the
 * server, so no token is left in the address, and goes home told so. Any other browser (the link opened
 * elsewhere, or kept by someone who sends it to a victim) is signed in as no one: it is told the email
 * is confirmed and asked to sign in.
 */
const confirmEmail: RouteLoader = async (request) => {
  const query = new URLSearchParams(request.page.search);
  const code = query.get('code');
  const verifier = codeVerifierOf(request.cookies);
  const told = (message: FormMessage) => ({ action: ACTIONS['sign-in'], values: {}, message });
  if (!code && query.get('confirmed') !== 'true')
    return {
      redirect: '/',
      flash: told({
        title: 'Confirmation link expired',
        description: AUTH_MESSAGES.confirmationLinkExpired,
        tone: 'error',
      }),
    };
  const answer =
    code && verifier
      ? await request
          .service({
            method: 'POST',
            path: '/auth/v1/token?grant_type=pkce',
            body: { auth_code: code, code_verifier: verifier },
            headers: { apikey: 'storefront-forms' },
          })
          .catch(() => null)
      : null;
  const session = answer?.status === 200 ? sessionOf(answer.body) : null;
  const spent = verifier ? [codeVerifierCookie('', request.secure, 0)] : [];
  if (!session)
    return {
      redirect: '/auth',
      cookies: spent,
      flash: told({
        title: 'Email confirmed',
        description: AUTH_MESSAGES.confirmedSignInHere,
        tone: 'success',
      }),
    };
  return {
    redirect: '/',
    cookies: [...sessionCookies(session, request), ...spent],
    flash: told({
      title: 'Email confirmed',
      description: AUTH_MESSAGES.confirmedAndSignedIn,
      tone: 'success',
    }),
  };
};

/** A visitor the server signed in: the header shows them so (and Sign Out), where no script runs too. */
const signedInVisitor: VisitorLoader = async ({ cookies, service }) => {
  const user = await researcherOf(service, cookies);
  return user ? { auth: { loading: false, user, event: 'SIGNED_IN', accessToken: null } } : {};
};

/** Exposed as `server`: what the shell's server runs of this module, from its live release. */
export const actions: ServerModule['actions'] = {
  'sign-in': signIn,
  'sign-up': signUp,
  resend: resendConfirmation,
  'sign-out': signOut,
  recover: requestResetLink,
  'set-password': setNewPassword,
};

export const loaders: ServerModule['loaders'] = {
  '/auth': toHomeIfSignedIn,
  '/auth/confirm': confirmEmail,
  '/auth/reset': takeResetLink,
};

export const visitor: ServerModule['visitor'] = signedInVisitor;
