import { defineRoutes, visitorPage } from '@storefront/routing';

/** The pages this module serves; the shell's route table comes from here, through the registry. */
export const routes = defineRoutes([
  // Its forms work without scripts; signed-in visitors are sent home once the browser knows the session.
  visitorPage('/auth', {
    exposed: 'AuthPage',
    label: 'sign-in page',
    head: {
      title: 'Sign In',
      description:
        'Sign in or create an account. Registration is for research institutions and professionals.',
    },
  }),
]);
