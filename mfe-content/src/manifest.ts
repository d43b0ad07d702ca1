import { defineRoutes } from '@storefront/routing';
import { defineModule } from '@storefront/routing/module';
import { contentApi } from './api';

/** The pages this module serves; the shell's route table comes from here, through the registry. */
const routes = defineRoutes([
  {
    path: '/refund-policy',
    exposed: 'RefundPolicyPage',
    label: 'refund policy',
    data: { policy: contentApi.policy('refund-policy').url },
    head: {
      title: 'Refund Policy',
      description:
        'All sales are final. Damaged, defective or wrong items must be reported within 48 hours of delivery.',
    },
  },
  {
    path: '/shipping-policy',
    exposed: 'ShippingPolicyPage',
    label: 'shipping policy',
    data: { policy: contentApi.policy('shipping-policy').url },
    head: {
      title: 'Shipping Policy',
      description:
        'Orders are processed in 1-2 business days; domestic delivery takes 3-5 business days and international 7-14, insured and tracked.',
    },
  },
  {
    path: '/terms-of-service',
    exposed: 'TermsOfServicePage',
    label: 'terms of service',
    data: { policy: contentApi.policy('terms-of-service').url },
    head: {
      title: 'Terms of Service',
      description:
        'Terms for buying research peptides: minimum age 21, research use only, prices in USD, Arizona law.',
    },
  },
]);

/**
 * What this module is to the shell and the other modules: its policy pages, linked from the shell's
 * footer (the terms also as the spec's Privacy Policy), and the newsletter sign-up the home page embeds,
 * whose form its server module completes where no script runs.
 */
export const manifest = defineModule({
  routes,
  actions: { newsletter: { fields: ['name', 'email'] } },
  fragments: ['Newsletter'],
  links: [
    { place: 'footer', href: '/shipping-policy', label: 'Shipping Policy' },
    { place: 'footer', href: '/terms-of-service', label: 'Terms of Service' },
    { place: 'footer', href: '/terms-of-service', label: 'Privacy Policy' },
    { place: 'footer', href: '/refund-policy', label: 'Return Policy' },
  ],
});
