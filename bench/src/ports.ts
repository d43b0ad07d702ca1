import { DEFAULT_PORTS, localUrl, type ServicePart } from '@storefront/server-kit';

/** The bench's stack runs on ports shifted by this, beside a developer's own `npm start`. */
export const OFFSET = 300;
/** The two-instance stack of the balancer section, which runs once the bench's own has stopped. */
export const BALANCED_OFFSET = 500;
/** Its shell. */
export const BASE = localUrl('shell', OFFSET);
/** A service of the bench's stack, at its shifted port. */
export const serviceUrl = (name: ServicePart) => localUrl(name, OFFSET);
/** The bench's own servers (floor app, references, a checkout of its own), just above the stack's shell. */
export const FLOOR_PORT = DEFAULT_PORTS.shell + OFFSET + 90;
export const BARE_API_PORT = FLOOR_PORT + 1;
export const LOAD_PORT = FLOOR_PORT + 2;
/** Bare servers sending a page's bytes, one per page measured. */
export const PAGE_BARE_PORT = FLOOR_PORT + 10;
