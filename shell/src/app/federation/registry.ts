import { publicRegistrySchema, type PublicRegistry } from '@storefront/artifact-store/registry';

export type { PublicRegistry };

export async function fetchRegistry(): Promise<PublicRegistry> {
  const response = await fetch('/registry.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`registry answered ${response.status}`);
  return publicRegistrySchema.parse(await response.json());
}
