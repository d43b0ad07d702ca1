import { NEWSLETTER_MESSAGES } from '@storefront/commerce';
import { errorMessage, problemOf, showAgain, type FormHandler } from './form-kit';

/** The newsletter sign-up (spec sections 4, 5, 8): the success card, or the form again with its message. */
export const subscribe: FormHandler = async (context) => {
  const name = (context.fields.name ?? '').trim();
  const email = (context.fields.email ?? '').trim();
  const { missing, subscribed, already, failed } = NEWSLETTER_MESSAGES;
  if (!name || !email)
    return showAgain(context, 'newsletter', errorMessage(missing.title, missing.description));
  let answer;
  try {
    answer = await context.services.call('content', {
      method: 'POST',
      path: '/subscribers',
      body: { name, email },
      shopper: context.shopper,
    });
  } catch {
    return showAgain(context, 'newsletter', errorMessage(failed.title, failed.description), 503);
  }
  if (answer.status === 200 || answer.status === 201) {
    return showAgain(context, 'newsletter', { ...subscribed, tone: 'success' }, 200, 'subscribed');
  }
  if (answer.status === 409) return showAgain(context, 'newsletter', { ...already, tone: 'info' }, 200);
  const problem = problemOf(answer);
  // A refusal the service explains (an email that is not one, too many sign-ups) is shown as it says.
  if (answer.status < 500 && problem) {
    return showAgain(context, 'newsletter', errorMessage(problem.title, problem.detail));
  }
  return showAgain(context, 'newsletter', errorMessage(failed.title, failed.description), 503);
};
