const { remoteConfig } = require('@storefront/mf-config');

// What this module offers the shell: one component per route it owns, and the newsletter fragment.
module.exports = remoteConfig({
  dir: __dirname,
  routes: './src/routes.ts',
  name: 'content',
  exposes: {
    './RefundPolicyPage': './src/pages/RefundPolicyPage.tsx',
    './ShippingPolicyPage': './src/pages/ShippingPolicyPage.tsx',
    './TermsOfServicePage': './src/pages/TermsOfServicePage.tsx',
    './Newsletter': './src/components/Newsletter.tsx',
  },
});
