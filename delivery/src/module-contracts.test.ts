import type { Registry, VersionRecord } from '@storefront/artifact-store';
import { defineRoutes } from '@storefront/routing';
import { defineModule, type ModuleManifest } from '@storefront/routing/module';
import { moduleContractProblems } from './module-contracts';

const page = (path: string, exposed: string) =>
  defineRoutes([{ path, exposed, label: 'x', head: { title: 't', description: 'd' } }])[0]!;

const content = defineModule({
  routes: [page('/refund-policy', 'RefundPolicyPage')],
  actions: { newsletter: { fields: ['name', 'email'] } },
  fragments: ['Newsletter'],
});
const catalog = defineModule({
  routes: [page('/', 'HomePage')],
  uses: {
    fragments: ['content/Newsletter'],
    actions: ['checkout/cart-add'],
    routes: ['checkout /checkout/:slug'],
  },
});
const checkout = defineModule({
  routes: [page('/checkout/:slug', 'ProductCheckoutPage')],
  actions: { 'cart-add': { fields: ['productId'] } },
});

const release = (version: string, manifest: ModuleManifest): VersionRecord => ({
  version,
  packageVersion: '0.1.0',
  contentHash: version,
  commit: 'c',
  publishedAt: '2026-11-27T00:00:00Z',
  publishedBy: 't',
  routes: manifest.routes,
  manifest,
});

/** Every module live at its one release. */
function live(manifests: Record<string, ModuleManifest>): Registry {
  return {
    modules: Object.fromEntries(
      Object.entries(manifests).map(([module, manifest]) => [
        module,
        { live: '1', canary: null, versions: [release('1', manifest)], history: [] },
      ]),
    ),
  };
}

describe('what a release may take away from, or ask of, the live modules', () => {
  const site = live({ catalog, checkout, content });

  it('lets a release through that keeps what others use, and uses what others offer', () => {
    expect(moduleContractProblems(site, 'content', content)).toEqual([]);
    expect(moduleContractProblems(site, 'catalog', catalog)).toEqual([]);
    expect(moduleContractProblems(site, 'content', { ...content, routes: [] })).toEqual([]);
  });

  it('refuses a release that takes away a fragment, an action or a route another live module uses, naming it', () => {
    expect(moduleContractProblems(site, 'content', { ...content, fragments: [] })).toEqual([
      'catalog uses the fragment content/Newsletter, which this release of content no longer offers.',
    ]);
    expect(moduleContractProblems(site, 'checkout', { ...checkout, actions: {}, routes: [] })).toEqual([
      'catalog uses the action checkout/cart-add, which this release of checkout no longer offers.',
      'catalog uses the route checkout /checkout/:slug, which this release of checkout no longer offers.',
    ]);
  });

  it('refuses a release that uses what no live module offers', () => {
    const greedy = {
      ...catalog,
      uses: { ...catalog.uses, fragments: ['content/Newsletter', 'content/Banner'] },
    };
    expect(moduleContractProblems(site, 'catalog', greedy)).toEqual([
      'catalog uses the fragment content/Banner, which no live module offers.',
    ]);
    expect(moduleContractProblems(live({ content }), 'catalog', catalog)).toEqual([
      'catalog uses the action checkout/cart-add, which no live module offers.',
      'catalog uses the route checkout /checkout/:slug, which no live module offers.',
    ]);
  });

  it("judges others' uses only of the module being released", () => {
    const broken = live({
      catalog: { ...catalog, uses: { ...catalog.uses, actions: ['account/sign-in'] } },
      content,
    });
    expect(moduleContractProblems(broken, 'content', content)).toEqual([]);
  });
});
