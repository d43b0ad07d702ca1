import { defineModule } from '@storefront/routing/module';
import { compatibilityProblems, type RemoteDeclaration, type ShellDeclaration } from './compatibility';

const shell: ShellDeclaration = {
  busContract: '1.2.0',
  singletons: { react: '19.3.1', 'react-dom': '19.3.1', rxjs: '7.8.2', '@storefront/bus': '0.1.0' },
};
const remote = (changes: Partial<RemoteDeclaration> = {}): RemoteDeclaration => ({
  name: 'checkout',
  exposes: ['CheckoutPage'],
  manifest: defineModule({ routes: [] }),
  busContract: '1.1.0',
  singletons: { react: '19.2.0', 'react-dom': '19.2.0', rxjs: '7.8.0', '@storefront/bus': '0.1.0' },
  ...changes,
});

describe('compatibilityProblems', () => {
  it('accepts a remote built against older compatible versions', () => {
    expect(compatibilityProblems(shell, remote())).toEqual([]);
  });

  it('refuses a remote that needs a newer minor than the shell provides, saying what does not match', () => {
    expect(
      compatibilityProblems(shell, remote({ singletons: { ...remote().singletons, react: '19.4.0' } })),
    ).toEqual([
      'react: checkout was built against 19.4.0 and needs ^19.4.0; the live shell provides 19.3.1.',
    ]);
  });

  it('refuses a different major', () => {
    expect(
      compatibilityProblems(shell, remote({ singletons: { ...remote().singletons, rxjs: '8.0.0' } })),
    ).toEqual(['rxjs: checkout was built against 8.0.0 and needs ^8.0.0; the live shell provides 7.8.2.']);
  });

  it('treats a 0.x minor as breaking', () => {
    expect(
      compatibilityProblems(
        shell,
        remote({ singletons: { ...remote().singletons, '@storefront/bus': '0.2.0' } }),
      ),
    ).toEqual([
      '@storefront/bus: checkout was built against 0.2.0 and needs ~0.2.0; the live shell provides 0.1.0.',
    ]);
  });

  it('refuses a singleton the shell does not share', () => {
    expect(
      compatibilityProblems(
        shell,
        remote({ singletons: { ...remote().singletons, 'styled-components': '6.1.0' } }),
      ),
    ).toEqual([
      'styled-components: checkout needs it (built against 6.1.0) but the live shell does not share it.',
    ]);
  });

  it.each([
    ['2.0.0', 'a newer major'],
    ['0.9.0', 'an older major'],
    ['1.3.0', 'events the shell does not know'],
  ])('refuses bus contract %s (%s)', (busContract) => {
    expect(compatibilityProblems(shell, remote({ busContract }))).toEqual([
      `bus contract: checkout was built against ${busContract}; the live shell speaks 1.2.0.`,
    ]);
  });
});
