/** Marks the fallback module the resilience plugin hands back when a remote cannot be loaded. */
export const UNAVAILABLE = '__storefrontRemoteUnavailable';

export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: string,
    reason: string,
  ) {
    super(`Module "${remote}" is unavailable: ${reason}`);
  }
}
