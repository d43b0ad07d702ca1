import { isMutated, mutationPlan, type MutatedPackage } from './mutation-plan';

const checkout: MutatedPackage = {
  name: 'checkout',
  dir: 'services/checkout',
  mutate: ['src/domain/**/*.ts', '!**/*.test.ts', '!**/*.test.tsx'],
};
const shell: MutatedPackage = {
  name: 'shell',
  dir: 'shell',
  mutate: ['src/server/page-cache.ts', 'src/server/load-shedding.ts'],
};

describe('what a mutation run mutates', () => {
  it("takes a package's files its globs name, and none they leave out", () => {
    expect(isMutated(checkout, 'src/domain/place-order.ts')).toBe(true);
    expect(isMutated(checkout, 'src/domain/pricing/tiers.ts')).toBe(true);
    expect(isMutated(checkout, 'src/domain/place-order.test.ts')).toBe(false);
    expect(isMutated(checkout, 'src/routes/orders.ts')).toBe(false);
  });

  it('mutates the one domain file a change touched, and nothing else', () => {
    expect(
      mutationPlan(
        [checkout, shell],
        [
          'services/checkout/src/domain/place-order.ts',
          'services/checkout/src/routes/orders.ts',
          'services/checkout/test/orders.test.ts',
          'README.md',
        ],
      ),
    ).toEqual([{ pkg: checkout, files: ['src/domain/place-order.ts'] }]);
  });

  it('mutates nothing for a change to no mutated file', () => {
    expect(mutationPlan([checkout, shell], ['shell/src/server/app.ts', 'e2e/tests/cart.spec.ts'])).toEqual(
      [],
    );
  });

  it("never reads one package's files as another's whose folder starts the same", () => {
    const content: MutatedPackage = { name: 'content', dir: 'services/content', mutate: ['src/**/*.ts'] };
    expect(mutationPlan([content], ['services/content-extra/src/a.ts'])).toEqual([]);
  });
});
