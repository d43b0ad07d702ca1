import { z } from 'zod';

/** What /registry.json tells the browser: the live version and entry of each deployed remote. */
export const publicRegistrySchema = z.object({
  modules: z.record(z.string(), z.object({ version: z.string(), entry: z.string() })),
});
export type PublicRegistry = z.infer<typeof publicRegistrySchema>;

export async function fetchRegistry(): Promise<PublicRegistry> {
  const response = await fetch('/registry.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`registry answered ${response.status}`);
  return publicRegistrySchema.parse(await response.json());
}
