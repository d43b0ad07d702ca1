const { remoteConfig } = require('@storefront/mf-config');

// What this module offers the shell: the sign-in page, and the session the shell starts on every page.
module.exports = remoteConfig({
  dir: __dirname,
  routes: './src/routes.ts',
  name: 'account',
  exposes: {
    './AuthPage': './src/pages/AuthPage.tsx',
    './session': './src/session/start-session.ts',
  },
});
