import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

// webpack leaves this one alone: a remote's server container is required from the artifact store at
// run time, never bundled.
declare const __non_webpack_require__: NodeRequire;

/**
 * On the shell's server, a remote's entry is its server container: a CommonJS module in the version's
 * folder of the artifact store (its `entry` is that file's path), which reads its chunks from beside it.
 */
export default function artifactEntryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'storefront-artifact-entry',
    loadEntry: ({ remoteInfo }) => __non_webpack_require__(remoteInfo.entry),
  };
}
