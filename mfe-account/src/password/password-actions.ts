import {
  showAgain,
  type ActionRequest,
  type FormMessage,
  type ModuleAction,
  type RouteLoader,
} from '@storefront/routing/server-module';
import { ACTIONS } from '../actions';
import { AUTH_MESSAGES, authErrorMessage, credentialsProblem } from '../auth-messages';
import { callAuth, providerError } from '../auth-service-calls';
import { accessTokenOf, sessionCookies, sessionOf } from '../session/server-session';
import {
  ARRIVED_BY_LINK,
  LINK_EXPIRED,
  newPasswordRefusal,
  RESET_MESSAGES,
  RESET_PAGE,
} from './reset-messages';

const refusal = (title: string): FormMessage => ({ title, tone: 'error' });
const field = (request: ActionRequest, name: string) => request.fields[name] ?? '';

/**
 * 'Send reset link': the account service mails the address a one-time link to this page. The answer
 * is the same whether or not the address has an account; only a refusal (asked again too soon) or an
 * outage reads otherwise.
 */
export const requestResetLink: ModuleAction = async (request) => {
  const email = field(request, 'email').trim();
  const answer = await callAuth(request, '/auth/v1/recover', { email });
  const shown = { ...request, fields: { email } };
  if (!answer) return showAgain(shown, ACTIONS.recover, refusal(AUTH_MESSAGES.unexpected), 503);
  if (answer.status !== 200)
    return showAgain(shown, ACTIONS.recover, refusal(authErrorMessage(providerError(answer))), 422);
  return showAgain(shown, ACTIONS.recover, { title: RESET_MESSAGES.sent, tone: 'success' }, 200, 'sent');
};

/**
 * 'Change Password', where no script takes the form over: the new password set for the session the
 * server signed in (the reset link's, or any other with the current password), every other session of
 * the account ended; home, told so. Passwords are never shown again.
 */
export const setNewPassword: ModuleAction = async (request) => {
  const again = (title: string, status: number, outcome?: string) =>
    showAgain({ ...request, fields: {} }, ACTIONS['set-password'], refusal(title), status, outcome);
  const password = field(request, 'password');
  const rule = credentialsProblem({ password, confirmation: field(request, 'confirmation') }, true);
  if (rule) return again(rule, 422);
  const token = accessTokenOf(request.cookies);
  if (!token) return again(RESET_MESSAGES.signedOut, 401);
  const current = field(request, 'current');
  const answer = await request
    .service({
      method: 'PUT',
      path: '/auth/v1/user',
      body: { password, ...(current ? { current_password: current } : {}) },
      headers: { authorization: `Bearer ${token}`, apikey: 'storefront-forms' },
    })
    .catch(() => null);
  if (!answer) return again(AUTH_MESSAGES.unexpected, 503);
  if (answer.status !== 200) {
    const error = providerError(answer);
    const outcome = error.code === 'reauthentication_needed' ? 'current-needed' : undefined;
    return again(newPasswordRefusal(error.code) ?? authErrorMessage(error), 422, outcome);
  }
  return {
    redirect: '/',
    flash: {
      action: ACTIONS['set-password'],
      values: {},
      message: { title: 'Password changed', description: RESET_MESSAGES.updated, tone: 'success' },
    },
  };
};

/**
 * /auth/reset?token_hash=…&type=recovery, where a reset mail leads: the link is taken once, here on the
 * server (so it works in any browser, with or without scripts), signing the researcher in for setting
 * a new password; a link spent, expired or unknown leads to the page saying so. Only a person's visit
 * takes it: a mail scanner's or a prefetch's request does not spend it.
 */
export const takeResetLink: RouteLoader = async (request) => {
  const token = new URLSearchParams(request.page.search).get('token_hash');
  if (!token || !request.navigation) return null;
  const answer = await callAuth(request, '/auth/v1/verify', { type: 'recovery', token_hash: token });
  const session = answer?.status === 200 ? sessionOf(answer.body) : null;
  if (!session) return { redirect: `${RESET_PAGE}?${LINK_EXPIRED}` };
  return { redirect: `${RESET_PAGE}?${ARRIVED_BY_LINK}`, cookies: sessionCookies(session, request) };
};
