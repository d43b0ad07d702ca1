import {
  ACTION_FIELD,
  type ActionRequest,
  type ActionResult,
  type FormMessage,
} from '@storefront/routing/server-module';
import { withParameter } from '@storefront/routing';
import { ACTIONS } from '../actions';

/**
 * The checkout page again, with what was typed into its order form kept (carried once to the page, as
 * its echo) and, where it was changed, the vial and quantity in its address: the page computes its
 * figures from them, so every total it shows is the one the order would be charged.
 */
export function backToOrderForm(
  request: ActionRequest,
  message?: FormMessage,
  cookies: string[] = [],
): ActionResult {
  const { [ACTION_FIELD]: _action, ...values } = request.fields;
  let search = request.page.search;
  if (values.dose) search = withParameter(search, 'dosage', values.dose);
  if (values.quantity) search = withParameter(search, 'quantity', values.quantity);
  return {
    redirect: `${request.page.pathname}${search}`,
    cookies,
    flash: { action: ACTIONS.order, values, message },
  };
}

/** Update total, where no script keeps the figures in step with the vial and quantity chosen. */
export const recalculate = async (request: ActionRequest) => backToOrderForm(request);
