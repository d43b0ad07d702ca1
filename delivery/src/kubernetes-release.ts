import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isMap, isSeq, parseDocument, type YAMLMap } from 'yaml';

/** A module's own image name in the manifests: each module's Deployment runs its release's tag of it. */
export const moduleImage = (module: string) => `storefront-${module}`;

const kustomizationOf = (overlayDir: string) => path.join(overlayDir, 'kustomization.yaml');

function imageEntry(overlayDir: string, module: string) {
  const file = kustomizationOf(overlayDir);
  const document = parseDocument(readFileSync(file, 'utf8'));
  const images = document.get('images');
  const entry = isSeq(images)
    ? (images.items.find((item) => isMap(item) && item.get('name') === moduleImage(module)) as
        YAMLMap | undefined)
    : undefined;
  return { file, document, entry };
}

/** The release a Kubernetes overlay runs for a module (its image tag), or null when it names none. */
export function moduleImageTag(overlayDir: string, module: string): string | null {
  const tag = imageEntry(overlayDir, module).entry?.get('newTag');
  return typeof tag === 'string' ? tag : null;
}

/**
 * Writes a module's release into a Kubernetes overlay (its image's tag, keeping every comment), for
 * `kubectl apply -k` to roll the module's Deployment to it; returns the tag it replaced.
 */
export function setModuleImageTag(overlayDir: string, module: string, tag: string): string | null {
  const { file, document, entry } = imageEntry(overlayDir, module);
  if (!entry)
    throw new Error(`${kustomizationOf(overlayDir)} has no images entry for ${moduleImage(module)}`);
  const previous = entry.get('newTag');
  entry.set('newTag', tag);
  writeFileSync(file, document.toString());
  return typeof previous === 'string' ? previous : null;
}
