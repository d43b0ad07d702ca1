import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { moduleImageProblems } from './deployment-files';
import { moduleImageTag, setModuleImageTag } from './kubernetes-release';
import { REPO_ROOT } from './modules';

const hasKubectl = (() => {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** A copy of the manifests to write releases into. */
function manifests() {
  const dir = mkdtempSync(path.join(tmpdir(), 'k8s-'));
  cpSync(path.join(REPO_ROOT, 'infra/k8s'), dir, { recursive: true });
  return path.join(dir, 'overlays/production');
}

const imagesOf = (overlay: string) =>
  Object.fromEntries(
    parseAllDocuments(execFileSync('kubectl', ['kustomize', overlay], { encoding: 'utf8' }))
      .map(
        (doc) =>
          doc.toJS() as {
            kind: string;
            metadata: { name: string };
            spec?: { template?: { spec?: { containers?: Array<{ image: string }> } } };
          },
      )
      .filter((object) => object.kind === 'Deployment')
      .map((object) => [object.metadata.name, object.spec!.template!.spec!.containers![0]!.image]),
  );

describe("a module's release on Kubernetes", () => {
  it('is its own image tag in the overlay, written with every comment kept, and taken back', () => {
    const overlay = manifests();
    expect(setModuleImageTag(overlay, 'checkout', '0.2.0-abc123')).toBe('0.1.0');
    expect(moduleImageTag(overlay, 'checkout')).toBe('0.2.0-abc123');
    expect(readFileSync(path.join(overlay, 'kustomization.yaml'), 'utf8')).toContain(
      "# Each module's live release",
    );
    expect(setModuleImageTag(overlay, 'checkout', '0.1.0')).toBe('0.2.0-abc123');
  });

  (hasKubectl ? it : it.skip)('rolls only that module’s Deployment to it', () => {
    const overlay = manifests();
    setModuleImageTag(overlay, 'checkout', '0.2.0-abc123');
    const images = imagesOf(overlay);
    expect(images['checkout-service']).toBe('registry.example/storefront:0.2.0-abc123');
    expect(images['catalog-service']).toBe('registry.example/storefront:0.1.0');
    expect(images.shell).toBe('registry.example/storefront:0.1.0');
  });

  it('must be possible for every module: an overlay without a module’s image is refused', () => {
    expect(moduleImageProblems(manifests(), ['checkout', 'catalog'])).toEqual([]);
    expect(moduleImageProblems(manifests(), ['search'])).toEqual([
      expect.stringContaining('no image tag for storefront-search, so search cannot be released alone'),
    ]);
  });
});
