import {
  DEFAULT_PORTS,
  EndpointPools,
  localUrl,
  type ServiceEndpoint,
  type ServiceEndpoints,
  type StorefrontPart,
} from '@storefront/server-kit';
import type { Pool } from 'undici';
import type { ShellConfig } from './config';

/** Where the shell reaches each module's service, now: a pool of connections to it. */
export interface ServiceTarget {
  pool: Pool;
  /** The module release it answers for, when npm start's table says (for the metrics' labels). */
  release: string;
}

export interface ServiceTargets {
  /**
   * Where `module`'s service answers now (null for a module the shell does not know): the live release,
   * or the canary release for a shopper whose bucket (0–99) falls within its share.
   */
  targetFor(module: string, bucket?: number): ServiceTarget | null;
  /** Whether `module`'s live release is being handed over (nothing new may be sent to it yet). */
  handedOver(module: string): boolean;
  /** Waits while `module` is handed over, up to `deadline`; whether it may be sent to now. */
  whileHandedOver(module: string, deadline: number): Promise<boolean>;
  close(): Promise<void>;
}

const hasDevelopmentPort = (module: string): module is StorefrontPart => Object.hasOwn(DEFAULT_PORTS, module);

/**
 * Where `module`'s service was configured: its own variables, else the template, else (on a developer's
 * machine) the kit's port for it; null when nothing says where it is.
 */
export function configuredEndpoint(config: ShellConfig, module: string): ServiceEndpoint | null {
  const address = config.SERVICE_ADDRESSES[module];
  const url =
    address?.url ??
    config.SERVICE_URL_TEMPLATE?.replaceAll('{module}', module) ??
    (hasDevelopmentPort(module) ? localUrl(module) : undefined);
  return url ? { url, socket: address?.socket } : null;
}

/**
 * Each live module's service (the registry's modules: the shell names none, so a module deployed later
 * is served without a shell release) at its configured address, unless `npm start`'s endpoints table
 * names where its releases answer now: then the table's, followed as it changes (a deploy, a rollback,
 * a canary), each endpoint with a pool of its own. A name no live module has is no service's.
 */
export function createServiceTargets(
  config: ShellConfig,
  endpoints: ServiceEndpoints | null,
  liveModules: () => readonly string[],
  poolOptions: Pool.Options,
): ServiceTargets {
  const pools = new EndpointPools(poolOptions);
  const live = (module: string) => endpoints?.of(module)?.live ?? configuredEndpoint(config, module);
  const inUse = () =>
    liveModules().flatMap((module) => {
      const canary = endpoints?.of(module)?.canary;
      return [live(module), canary].filter((endpoint) => endpoint !== null && endpoint !== undefined);
    });
  endpoints?.onChange(() => pools.retireAllBut(inUse()));
  return {
    targetFor(module, bucket) {
      if (!liveModules().includes(module)) return null;
      const canary = endpoints?.of(module)?.canary;
      const endpoint = canary && bucket !== undefined && bucket < canary.share ? canary : live(module);
      if (!endpoint) return null;
      return { pool: pools.poolFor(endpoint), release: endpoint.release ?? 'configured' };
    },
    handedOver: (module) => endpoints?.of(module)?.paused === true,
    whileHandedOver: async (module, deadline) => endpoints?.whileHandedOver(module, deadline) ?? true,
    close: () => pools.close(),
  };
}
