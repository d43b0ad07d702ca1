import { EndpointPools, type ServiceEndpoint, type ServiceEndpoints } from '@storefront/server-kit';
import type { Pool } from 'undici';
import { SERVICE_MODULES, serviceSocket, serviceUrl, type ServiceModule, type ShellConfig } from './config';

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

const isServiceModule = (module: string): module is ServiceModule =>
  (SERVICE_MODULES as readonly string[]).includes(module);

/**
 * Each module's service at its configured address (URL, and Unix socket when it has one here), unless
 * `npm start`'s endpoints table names where its releases answer now: then the table's, followed as it
 * changes (a deploy, a rollback, a canary), each endpoint with a pool of its own.
 */
export function createServiceTargets(
  config: ShellConfig,
  endpoints: ServiceEndpoints | null,
  poolOptions: Pool.Options,
): ServiceTargets {
  const pools = new EndpointPools(poolOptions);
  const configured = (module: ServiceModule): ServiceEndpoint => ({
    url: serviceUrl(config, module),
    socket: serviceSocket(config, module),
  });
  const live = (module: ServiceModule) => endpoints?.of(module)?.live ?? configured(module);
  const inUse = () =>
    SERVICE_MODULES.flatMap((module) => {
      const canary = endpoints?.of(module)?.canary;
      return canary ? [live(module), canary] : [live(module)];
    });
  endpoints?.onChange(() => pools.retireAllBut(inUse()));
  return {
    targetFor(module, bucket) {
      if (!isServiceModule(module)) return null;
      const canary = endpoints?.of(module)?.canary;
      const endpoint = canary && bucket !== undefined && bucket < canary.share ? canary : live(module);
      return { pool: pools.poolFor(endpoint), release: endpoint.release ?? 'configured' };
    },
    handedOver: (module) => endpoints?.of(module)?.paused === true,
    whileHandedOver: async (module, deadline) => endpoints?.whileHandedOver(module, deadline) ?? true,
    close: () => pools.close(),
  };
}
