import { mutationConfig } from '../stryker.base.mjs';

// The server's parts with fast tests of their own: the load shedder, the page cache and the gateway's
// read collapsing (against a real service on loopback). The rest of the server is held by tests that
// start services or whole sockets' worth of traffic (app.test.ts, canary.test.ts, api-gateway.test.ts)
// and by the browser suites: a mutant there often hangs them to their time-out, and a first run did not
// finish in twenty minutes.
process.env.MUTATION_TESTS = [
  'src/server/load-shedding.test.ts',
  'src/server/page-cache.test.ts',
  'src/server/read-collapsing.test.ts',
].join(',');

export default mutationConfig('shell', [
  'src/server/load-shedding.ts',
  'src/server/page-cache.ts',
  'src/server/read-collapsing.ts',
]);
