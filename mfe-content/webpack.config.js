const { remoteConfig } = require('@storefront/mf-config');

// What this module offers the shell: one component per route it owns, the newsletter fragment, and its
// server module (src/manifest.ts says what each is).
module.exports = remoteConfig({
  dir: __dirname,
  manifest: './src/manifest.ts',
  name: 'content',
  exposes: {
    './RefundPolicyPage': './src/pages/RefundPolicyPage.tsx',
    './ShippingPolicyPage': './src/pages/ShippingPolicyPage.tsx',
    './TermsOfServicePage': './src/pages/TermsOfServicePage.tsx',
    './Newsletter': './src/components/Newsletter.tsx',
    './server': './src/server.ts',
  },
});
