import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import * as runtimeCore from '@module-federation/runtime-tools/runtime-core';

/**
 * Hands the shell's federation runtime to the remotes, which are built without one of their own
 * (`externalRuntime`), so the page carries one copy. It does what the plugin's own
 * `provideExternalRuntime` option does, but from the runtime's ES module build, the one the shell
 * already uses: that option requires the CommonJS build, and the page then carried two runtimes.
 */
export default function provideRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'storefront-provide-runtime',
    beforeInit(args) {
      Object.assign(runtimeCore.Global, {
        _FEDERATION_RUNTIME_CORE: runtimeCore,
        _FEDERATION_RUNTIME_CORE_FROM: { name: args.options.name, version: 'storefront' },
      });
      return args;
    },
  };
}
