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

/** The development site a command on this machine calls: SITE_URL, else the shell's port shifted as npm start shifts it. */
export const localSiteUrl = (env: NodeJS.ProcessEnv = process.env) =>
  env.SITE_URL || `http://localhost:${DEFAULT_PORTS.shell + Number(env.STOREFRONT_PORT_OFFSET ?? 0)}`;

/**
 * How many connections the kernel holds for a part before it accepts them. Node's default, 511, was
 * overflowed by a crowd of 2,000 connecting at once: the kernel dropped their SYNs (210 in one run,
 * `nstat` ListenOverflows), and each client dropped waited for its retry at 1, 3, 7 s. The slowest
 * answer took 11.6 s; in the bench, an orchestrator's probe took 1,002 ms and 976 clients gave up.
 * Queued instead, each is accepted in turn and answered, or refused at once by the shell's shedder:
 * no overflow, the slowest answer 1.6 s. The kernel caps it at `net.core.somaxconn` (4096 on current Linux).
 */
export const LISTEN_BACKLOG = 4096;
