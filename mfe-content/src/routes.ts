import { defineRoutes } from '@storefront/routing';
import { contentApi } from './api';

/** The pages this module serves; the shell's route table comes from here, through the registry. */
export const routes = defineRoutes([
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
