import {
  pageCookie,
  showAgain,
  type ActionRequest,
  type FormMessage,
  type ModuleAction,
  type ServerModule,
  type ServiceAnswer,
} from '@storefront/routing/server-module';
import { ACTIONS } from './actions';
import { AUTH_MESSAGES, authErrorMessage, credentialsProblem, isEmailNotConfirmed } from './auth-messages';
import { AUTH_SESSION_HANDOFF_COOKIE } from './session/session-keys';

/** The handed-off session lasts no longer than its access token would. */
const HANDOFF_SECONDS = 3600;

const success = (text: string): FormMessage => ({ title: text, tone: 'success' });
const refusal = (text: string): FormMessage => ({ title: text, tone: 'error' });

/** What a form may show again: never a password. */
const withoutPasswords = (request: ActionRequest): ActionRequest => {
  const { password: _password, confirmation: _confirmation, ...fields } = request.fields;
  return { ...request, fields };
};

/** Supabase Auth's error answer, in the shape the spec's messages are chosen from. */
function providerError(answer: ServiceAnswer) {
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
const callAuth = (request: ActionRequest, path: string, body: unknown) =>
  request.service({ method: 'POST', path, body, headers: { apikey: 'storefront-forms' } }).catch(() => null);

const field = (request: ActionRequest, name: string) => request.fields[name] ?? '';
const emailOf = (request: ActionRequest) => field(request, 'email').trim();

/** Sign In (spec sections 2, 8): on success the session is handed to the page's scripts. */
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
  return {
    ...again(success(AUTH_MESSAGES.signedIn), 200, 'signed-in'),
    cookies: [
      pageCookie(AUTH_SESSION_HANDOFF_COOKIE, JSON.stringify(answer.body), {
        maxAgeSeconds: HANDOFF_SECONDS,
        secure: request.secure,
      }),
    ],
  };
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
  const answer = await callAuth(request, `/auth/v1/signup?redirect_to=${redirectTo}`, {
    email: emailOf(request),
    password: field(request, 'password'),
  });
  if (!answer) return showAgain(shown, ACTIONS['sign-up'], refusal(AUTH_MESSAGES.unexpected), 503);
  if (answer.status !== 200)
    return showAgain(shown, ACTIONS['sign-up'], refusal(authErrorMessage(providerError(answer))));
  return showAgain({ fields: {} }, ACTIONS['sign-up'], success(AUTH_MESSAGES.signedUp), 200);
};

/** A new confirmation link, offered after 'Email not confirmed'. */
const resendConfirmation: ModuleAction = async (request) => {
  const redirectTo = encodeURIComponent(`${request.siteUrl}/`);
  const answer = await callAuth(request, `/auth/v1/resend?redirect_to=${redirectTo}`, {
    type: 'signup',
    email: emailOf(request),
  });
  const message = !answer
    ? refusal(AUTH_MESSAGES.unexpected)
    : answer.status === 200
      ? success(AUTH_MESSAGES.confirmationResent)
      : refusal(authErrorMessage(providerError(answer)));
  return showAgain(request, ACTIONS.resend, message, answer?.status === 200 ? 200 : 422);
};

/** Exposed as `server`: what the shell's server runs of this module, from its live release. */
export const actions: ServerModule['actions'] = {
  'sign-in': signIn,
  'sign-up': signUp,
  resend: resendConfirmation,
};
