import path from 'node:path';
import {
  DEFAULT_PORTS,
  serviceSocketVariable,
  serviceUrlVariable,
  type ServicePart,
  type StorefrontPart,
} from '@storefront/server-kit';
import { serviceProcesses } from './modules';

/** One running process of a part, on its own port. */
export interface Instance {
  /** `catalog`, `catalog-2`, …: names its log lines and its pid file. */
  label: string;
  port: number;
  url: string;
}

/** Where a part is reached (its address, which a balancer holds when it has several instances) and its processes. */
export interface Endpoint {
  part: StorefrontPart;
  port: number;
  url: string;
  instances: Instance[];
}

export interface StackPlan {
  offset: number;
  shell: Endpoint;
  services: Endpoint[];
  /** Whether a balancer holds the addresses (more than one instance of a part). */
  balanced: boolean;
}

/**
 * The payment sandbox stands in for Square, which is one outside system: it keeps its payment links in
 * memory, so it always runs once.
 */
const SINGLE_ONLY: ReadonlySet<StorefrontPart> = new Set(['payment-sandbox']);

const local = (port: number) => `http://127.0.0.1:${port}`;

/**
 * Where everything of a local stack listens. Each part is reached at its default port shifted by
 * `offset`. With one instance that is the process itself; with several, the balancer listens there
 * and instance k (from 0) listens 1000 × (k + 1) higher: catalog at 4001, its instances at 5001 and 6001.
 */
export function planStack({ offset, instances }: { offset: number; instances: number }): StackPlan {
  const endpoint = (part: StorefrontPart): Endpoint => {
    const port = DEFAULT_PORTS[part] + offset;
    const count = SINGLE_ONLY.has(part) ? 1 : instances;
    return {
      part,
      port,
      url: local(port),
      instances:
        count === 1
          ? [{ label: part, port, url: local(port) }]
          : Array.from({ length: count }, (_, k) => ({
              label: k === 0 ? part : `${part}-${k + 1}`,
              port: port + 1000 * (k + 1),
              url: local(port + 1000 * (k + 1)),
            })),
    };
  };
  return {
    offset,
    shell: endpoint('shell'),
    services: serviceProcesses.map((service) => endpoint(service.name)),
    balanced: instances > 1,
  };
}

/**
 * Where a process listening on `port` serves its Prometheus metrics (METRICS_PORT): 5000 above it, out
 * of every other range the plan uses.
 */
export const metricsPortOf = (port: number) => port + 5000;

/** The variables through which every process finds every service: CATALOG_SERVICE_URL, … */
export function serviceAddresses(plan: StackPlan): Record<string, string> {
  return Object.fromEntries(
    plan.services.map((endpoint) => [serviceUrlVariable(endpoint.part as ServicePart), endpoint.url]),
  );
}

/**
 * Where a balanced stack's edge (nginx in front of the shells) is told to hold and release its page
 * cache: 90 above the shop's port, out of every other range the plan uses.
 */
export const edgeControlPort = (plan: StackPlan) => plan.shell.port + 90;

/** The endpoints a balancer fronts: those with more than one instance. */
export const balancedEndpoints = (plan: StackPlan) =>
  [plan.shell, ...plan.services].filter((endpoint) => endpoint.instances.length > 1);

/** The longest socket path every platform takes (sun_path is 104 bytes on macOS, 108 on Linux). */
const MAX_SOCKET_PATH = 100;

/**
 * Unix sockets for the shell's hop to each service, under `dir`: with one instance of each part, all on
 * this machine, the gateway skips loopback TCP. None with a balancer (the shell must reach every
 * instance through it) or when `dir` is too deep for a socket path; TCP then, as before.
 */
export function serviceSockets(plan: StackPlan, dir: string): Map<ServicePart, string> {
  const sockets = new Map<ServicePart, string>();
  if (plan.balanced) return sockets;
  for (const endpoint of plan.services) {
    const socket = path.join(dir, `${endpoint.part}.sock`);
    if (socket.length > MAX_SOCKET_PATH) return new Map();
    sockets.set(endpoint.part as ServicePart, socket);
  }
  return sockets;
}

/** The variables through which the shell finds those sockets: CATALOG_SERVICE_SOCKET, … */
export const socketAddresses = (sockets: Map<ServicePart, string>): Record<string, string> =>
  Object.fromEntries([...sockets].map(([part, socket]) => [serviceSocketVariable(part), socket]));
