// Types for the parts of this CommonJS package that TypeScript code uses (the deploy guard).

/** The federation singletons, shared between the shell and every remote. */
export const SINGLETONS: readonly string[];

/** The range a module built against `version` accepts: '^MAJOR.MINOR.0', or '~0.MINOR.0' below 1.0. */
export function compatibleRange(version: string): string;

/** Exact installed versions of the singletons, as seen from `fromDir`. */
export function singletonVersions(fromDir: string): Record<string, string>;

/** Where the shell serves its development build to a browser in the one-module loop, and where it is built. */
export const DEV_SHELL_PATH: string;
export const DEV_SHELL_BUILD: string;
