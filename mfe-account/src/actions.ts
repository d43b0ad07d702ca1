import { actionName } from '@storefront/routing/module';

/** The `_action` of each of this module's forms. */
export const ACTIONS = {
  'sign-in': actionName('account', 'sign-in'),
  'sign-up': actionName('account', 'sign-up'),
  resend: actionName('account', 'resend'),
  'sign-out': actionName('account', 'sign-out'),
  recover: actionName('account', 'recover'),
  'set-password': actionName('account', 'set-password'),
} as const;
