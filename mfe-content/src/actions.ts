import { actionName } from '@storefront/routing/module';

/** The `_action` of this module's newsletter form. */
export const NEWSLETTER_ACTION = actionName('content', 'newsletter');
