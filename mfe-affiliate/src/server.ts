import { serverSessionToken } from '@storefront/commerce/account';
import {
  problemOf,
  showAgain,
  type ModuleAction,
  type RouteLoader,
  type ServerModule,
} from '@storefront/routing/server-module';
import { APPLY_ACTION, STANDING_URL } from './actions';

const asResearcher = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * /affiliate for a researcher the server signed in (no script ran): the page is handed their standing
 * in the program, as its script would have asked for it. Anyone else gets the page as it is.
 */
const standingOfVisitor: RouteLoader = async ({ cookies, service }) => {
  const token = serverSessionToken(cookies);
  if (!token) return null;
  const answer = await service({ method: 'GET', path: '/me', headers: asResearcher(token) }).catch(
    () => null,
  );
  // A session no longer live, or the service unreachable: the page as for anyone, which says how to join.
  if (answer?.status !== 200) return null;
  return { answers: { [STANDING_URL]: { status: 200, body: answer.body } } };
};

/** The application where no script took the form over: sent as the researcher the server signed in. */
const apply: ModuleAction = async (request) => {
  const again = (title: string, description: string | undefined, status: number) =>
    showAgain(request, APPLY_ACTION, { title, description, tone: 'error' }, status);
  const token = serverSessionToken(request.cookies);
  if (!token) return again('Not signed in', 'Please sign in again.', 401);
  const field = (name: string) => request.fields[name] ?? '';
  const answer = await request
    .service({
      method: 'POST',
      path: '/applications',
      headers: asResearcher(token),
      body: { name: field('name'), channel: field('channel'), promotion: field('promotion') },
    })
    .catch(() => null);
  if (answer?.status === 201) return { redirect: '/affiliate' };
  const problem = answer && answer.status < 500 ? problemOf(answer) : null;
  if (problem) return again(problem.title, problem.detail, answer!.status);
  return again(
    'Application not sent',
    'The affiliate program cannot be reached right now. Please try again shortly.',
    503,
  );
};

/** Exposed as `server`: what the shell's server runs of this module, from its live release. */
export const actions: ServerModule['actions'] = { apply };
export const loaders: ServerModule['loaders'] = { '/affiliate': standingOfVisitor };
