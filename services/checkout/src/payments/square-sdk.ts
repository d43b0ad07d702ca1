export type SquareSdk = typeof import('square');

let loading: Promise<SquareSdk> | null = null;

/**
 * The Square SDK (some 4,000 files, about a second of start-up), loaded the first time a payment link
 * or a webhook needs it rather than at start: a restarted service is ready that much sooner.
 */
export const squareSdk = (): Promise<SquareSdk> => (loading ??= import('square'));
