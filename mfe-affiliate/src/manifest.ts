import { defineRoutes } from '@storefront/routing';
import { defineModule } from '@storefront/routing/module';

/** The pages this module serves; the shell's route table comes from here, through the registry. */
const routes = defineRoutes([
  {
    path: '/affiliate',
    exposed: 'AffiliatePage',
    label: 'affiliate program',
    // A researcher the server signed in is shown their own standing, where no script runs too.
    serverLoader: true,
    head: {
      title: 'Affiliate Program',
      description:
        'Refer researchers to Helix Research: apply with your account, and share your own code and link once approved.',
    },
  },
]);

/**
 * What this module is to the shell and the other modules: the affiliate program's page. It was added
 * after the shell, which serves it and its service's API from the registry (ADR 0017). Its link stands
 * in the footer (beside the spec's) and in a signed-in researcher's account menu, where applying starts.
 */
export const manifest = defineModule({
  routes,
  links: [
    { place: 'footer', href: '/affiliate', label: 'Affiliate Program' },
    { place: 'account-menu', href: '/affiliate', label: 'Affiliate Program' },
  ],
  actions: { apply: { fields: ['name', 'channel', 'promotion'] } },
  // Applying needs an account: a signed-out visitor is sent to the account module's sign-in and sign-up.
  uses: { fragments: [], actions: [], routes: ['account /auth'] },
});
