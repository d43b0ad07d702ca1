const { remoteConfig } = require('@storefront/mf-config');

// What this module offers the shell: the sign-in and password pages, the session binding the shell wakes, and its server
// module (src/manifest.ts says what each is).
module.exports = remoteConfig({
  dir: __dirname,
  manifest: './src/manifest.ts',
  name: 'account',
  exposes: {
    './AuthPage': './src/pages/AuthPage.tsx',
    './PasswordResetPage': './src/pages/PasswordResetPage.tsx',
    './session': './src/session/start-session.ts',
    './server': './src/server.ts',
  },
});
