const { remoteConfig } = require('@storefront/mf-config');

// What this module offers the shell: every checkout page and the pages Square sends shoppers back to,
// a researcher's orders, the cart panel, its bindings, and its server module (src/manifest.ts says what each is).
module.exports = remoteConfig({
  dir: __dirname,
  manifest: './src/manifest.ts',
  name: 'checkout',
  exposes: {
    './QuickCheckoutPage': './src/pages/QuickCheckoutPage.tsx',
    './ProductCheckoutPage': './src/pages/ProductCheckoutPage.tsx',
    './SuccessPage': './src/pages/SuccessPage.tsx',
    './CancelPage': './src/pages/CancelPage.tsx',
    './CartCheckoutPage': './src/pages/CartCheckoutPage.tsx',
    './ReferralPage': './src/pages/ReferralPage.tsx',
    './AccountOrdersPage': './src/account/AccountOrdersPage.tsx',
    './AccountOrderPage': './src/account/AccountOrderPage.tsx',
    './CartPanel': './src/cart/CartPanel.tsx',
    './cart': './src/cart/cart-binding.ts',
    './affiliate-links': './src/affiliate/affiliate-links.ts',
    './server': './src/server.ts',
  },
});
