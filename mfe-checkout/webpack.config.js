const { remoteConfig } = require('@storefront/mf-config');

// What this module offers the shell: every checkout page and the pages Square sends shoppers back to.
module.exports = remoteConfig({
  dir: __dirname,
  routes: './src/routes.ts',
  name: 'checkout',
  exposes: {
    './QuickCheckoutPage': './src/pages/QuickCheckoutPage.tsx',
    './ProductCheckoutPage': './src/pages/ProductCheckoutPage.tsx',
    './SuccessPage': './src/pages/SuccessPage.tsx',
    './CancelPage': './src/pages/CancelPage.tsx',
    './CartCheckoutPage': './src/pages/CartCheckoutPage.tsx',
    './ReferralPage': './src/pages/ReferralPage.tsx',
    // Mounted by the shell inside its cart drawer.
    './CartPanel': './src/cart/CartPanel.tsx',
    // Called by the shell for an address carrying an affiliate code, on any page.
    './affiliate-links': './src/affiliate/affiliate-links.ts',
  },
});
