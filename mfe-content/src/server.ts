import {
  errorMessage,
  problemOf,
  showAgain,
  type ModuleAction,
  type ServerModule,
} from '@storefront/routing/server-module';
import { NEWSLETTER_ACTION } from './actions';
import { NEWSLETTER_MESSAGES, subscriptionFromForm } from './components/newsletter-messages';

/**
 * The newsletter sign-up where no script took it over (spec sections 4, 5, 8): the same reading of the
 * form as the page's script, then the success card, or the form again with the spec's message.
 */
const subscribe: ModuleAction = async (request) => {
  const { subscribed, already, failed } = NEWSLETTER_MESSAGES;
  const again = (message: Parameters<typeof showAgain>[2], status?: number, outcome?: string) =>
    showAgain(request, NEWSLETTER_ACTION, message, status, outcome);
  const sent = subscriptionFromForm((name) => request.fields[name] ?? null);
  if ('missing' in sent) return again(errorMessage(sent.missing.title, sent.missing.description));
  const answer = await request
    .service({ method: 'POST', path: '/subscribers', body: sent })
    .catch(() => null);
  if (!answer) return again(errorMessage(failed.title, failed.description), 503);
  if (answer.status === 200 || answer.status === 201)
    return again({ ...subscribed, tone: 'success' }, 200, 'subscribed');
  if (answer.status === 409) return again({ ...already, tone: 'info' }, 200);
  const problem = problemOf(answer);
  // A refusal the service explains (an email that is not one, too many sign-ups) is shown as it says.
  if (answer.status < 500 && problem) return again(errorMessage(problem.title, problem.detail));
  return again(errorMessage(failed.title, failed.description), 503);
};

/** Exposed as `server`: what the shell's server runs of this module, from its live release. */
export const actions: ServerModule['actions'] = { newsletter: subscribe };
