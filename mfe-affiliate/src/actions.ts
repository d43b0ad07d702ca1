import { actionName } from '@storefront/routing/module';

/** The `_action` of the application form. */
export const APPLY_ACTION = actionName('affiliate', 'apply');

/** Where the page reads the signed-in account's standing (the server loader hands it over by this URL). */
export const STANDING_URL = '/api/affiliate/me';
