import { AUTH_SESSION_HANDOFF_COOKIE } from '@storefront/bus';
import {
  AUTH_MESSAGES,
  authErrorMessage,
  isEmailNotConfirmed,
  MIN_PASSWORD_LENGTH,
} from '@storefront/commerce';
import type { FormMessage } from '@storefront/ui';
import { pageCookie } from '../cookies';
import type { ServiceAnswer } from '../service-calls';
import { errorMessage, showAgain, type FormContext, type FormHandler } from './form-kit';

/** The handed-off session lasts no longer than its access token would. */
const HANDOFF_SECONDS = 3600;

/** What a form may show again: never a password. */
const withoutPasswords = (context: FormContext): FormContext => {
  const { password: _password, confirmation: _confirmation, ...fields } = context.fields;
  return { ...context, fields };
};

const success = (text: string): FormMessage => ({ title: text, tone: 'success' });
const refusal = (text: string): FormMessage => errorMessage(text);

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

function callAccount(context: FormContext, path: string, body: unknown) {
  return context.services.call('account', {
    method: 'POST',
    path,
    body,
    shopper: context.shopper,
    headers: { apikey: 'storefront-forms' },
  });
}

/** The rules the page checks first (spec section 5), with its messages; null when they hold. */
function passwordProblem(context: FormContext, signingUp: boolean): FormMessage | null {
  const { password = '', confirmation = '' } = context.fields;
  if (password.length < MIN_PASSWORD_LENGTH) return refusal(AUTH_MESSAGES.shortPassword);
  if (signingUp && password !== confirmation) return refusal(AUTH_MESSAGES.passwordsDiffer);
  return null;
}

/** Sign In (spec sections 2, 8): on success the session is handed to the page's scripts, and home. */
export const signIn: FormHandler = async (context) => {
  const shown = withoutPasswords(context);
  const rule = passwordProblem(context, false);
  if (rule) return showAgain(shown, 'sign-in', rule);
  const email = (context.fields.email ?? '').trim();
  const answer = await callAccount(context, '/auth/v1/token?grant_type=password', {
    email,
    password: context.fields.password,
  }).catch(() => null);
  if (!answer) return showAgain(shown, 'sign-in', refusal(AUTH_MESSAGES.unexpected), 503);
  if (answer.status !== 200) {
    const error = providerError(answer);
    const outcome = isEmailNotConfirmed(error) ? 'email-not-confirmed' : undefined;
    return showAgain(shown, 'sign-in', refusal(authErrorMessage(error)), 422, outcome);
  }
  return {
    ...showAgain(shown, 'sign-in', success(AUTH_MESSAGES.signedIn), 200, 'signed-in'),
    cookies: [
      pageCookie(AUTH_SESSION_HANDOFF_COOKIE, JSON.stringify(answer.body), {
        maxAgeSeconds: HANDOFF_SECONDS,
        secure: context.secure,
      }),
    ],
  };
};

/** Sign Up (spec sections 2, 8): the confirmation email is sent, and the page says so. */
export const signUp: FormHandler = async (context) => {
  const shown = withoutPasswords(context);
  const rule = passwordProblem(context, true);
  if (rule) return showAgain(shown, 'sign-up', rule);
  const redirectTo = encodeURIComponent(`${context.siteUrl}/`);
  const answer = await callAccount(context, `/auth/v1/signup?redirect_to=${redirectTo}`, {
    email: (context.fields.email ?? '').trim(),
    password: context.fields.password,
  }).catch(() => null);
  if (!answer) return showAgain(shown, 'sign-up', refusal(AUTH_MESSAGES.unexpected), 503);
  if (answer.status !== 200)
    return showAgain(shown, 'sign-up', refusal(authErrorMessage(providerError(answer))));
  return showAgain({ ...shown, fields: {} }, 'sign-up', success(AUTH_MESSAGES.signedUp), 200);
};

/** A new confirmation link, offered after 'Email not confirmed'. */
export const resendConfirmation: FormHandler = async (context) => {
  const redirectTo = encodeURIComponent(`${context.siteUrl}/`);
  const answer = await callAccount(context, `/auth/v1/resend?redirect_to=${redirectTo}`, {
    type: 'signup',
    email: (context.fields.email ?? '').trim(),
  }).catch(() => null);
  const message = !answer
    ? refusal(AUTH_MESSAGES.unexpected)
    : answer.status === 200
      ? success(AUTH_MESSAGES.confirmationResent)
      : refusal(authErrorMessage(providerError(answer)));
  return showAgain(context, 'resend', message, answer?.status === 200 ? 200 : 422);
};
