/**
 * POSTs a service makes once however many times they are sent, by their Idempotency-Key: the shell may
 * send one again after a failure that left it unanswered, as it may any GET or HEAD.
 */
const KEYED_ROUTES = new Set(['checkout /orders']);

/** Whether a POST to `path` of `module` is made at most once per Idempotency-Key. */
export const isKeyedRoute = (module: string, path: string) => KEYED_ROUTES.has(`${module} ${path}`);
