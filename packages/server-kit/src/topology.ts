/**
 * Where each part of the storefront listens by default, and how the others find it: the one place the
 * ports are written. A deployment overrides the addresses with `<PART>_SERVICE_URL` variables.
 */
export const DEFAULT_PORTS = {
  shell: 3000,
  catalog: 4001,
  product: 4002,
  checkout: 4003,
  account: 4004,
  content: 4005,
  affiliate: 4006,
  'payment-sandbox': 4010,
} as const;

export type StorefrontPart = keyof typeof DEFAULT_PORTS;
export type ServicePart = Exclude<StorefrontPart, 'shell'>;

/** The variable through which a process learns where a service is: CATALOG_SERVICE_URL, … */
export const serviceUrlVariable = (part: ServicePart) =>
  `${part.toUpperCase().replace(/-/g, '_')}_SERVICE_URL` as const;

/**
 * The variable naming a Unix socket a service also answers on (CATALOG_SERVICE_SOCKET, …), for a shell
 * on the same machine: see `SOCKET_PATH` in config.ts.
 */
export const serviceSocketVariable = (part: ServicePart) =>
  `${part.toUpperCase().replace(/-/g, '_')}_SERVICE_SOCKET` as const;

/** A part on this machine, every port shifted by `offset` (npm start's second stacks: e2e, bench). */
export const localUrl = (part: StorefrontPart, offset = 0) =>
  `http://127.0.0.1:${DEFAULT_PORTS[part] + offset}`;

/** The shop's public origin on a developer's machine. */
export const DEFAULT_SITE_URL = `http://localhost:${DEFAULT_PORTS.shell}`;
