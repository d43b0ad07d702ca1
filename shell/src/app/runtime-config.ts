import { stores, type RuntimeConfig } from '@storefront/bus';
import { z } from 'zod';

const runtimeConfigSchema = z.object({
  shopName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  authUrl: z.string(),
  authAnonKey: z.string(),
}) satisfies z.ZodType<RuntimeConfig>;

/** The browser's settings come from the shell's server at run time, never from a build. */
export async function loadRuntimeConfig(): Promise<void> {
  try {
    const response = await fetch('/config.json', { cache: 'no-store' });
    stores.runtimeConfig.set(runtimeConfigSchema.parse(await response.json()));
  } catch (error) {
    console.error('Runtime configuration could not be loaded', error);
  }
}
