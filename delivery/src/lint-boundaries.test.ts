import path from 'node:path';
import { ESLint } from 'eslint';

/**
 * The repository's lint configuration (eslint.config.mjs with eslint/), run on code written into the
 * files where it would live: what crosses a boundary is refused, naming the rule; the same code where
 * it belongs passes.
 */
const ROOT = path.resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

async function rulesBroken(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

describe('lint keeps the boundaries between packages', () => {
  jest.setTimeout(60_000);

  it("refuses a deep import into another package's files, and takes its exported entry", async () => {
    expect(
      await rulesBroken(
        'mfe-catalog/src/probe.ts',
        "export { formatUsd } from '@storefront/commerce/src/money';\n",
      ),
    ).toContain('@typescript-eslint/no-restricted-imports');
    expect(
      await rulesBroken(
        'services/product/test/probe.test.ts',
        "export { startCatalog } from '@storefront/catalog-service/src/definition';\n",
      ),
    ).toContain('@typescript-eslint/no-restricted-imports');
    expect(
      await rulesBroken(
        'services/product/test/probe.test.ts',
        "export { startCatalog } from '@storefront/catalog-service/definition';\n",
      ),
    ).toEqual([]);
  });

  it("refuses an import its package.json does not declare, even when npm's hoisting would find it", async () => {
    // express is installed at the root for the services; commerce does not declare it.
    expect(
      await rulesBroken('packages/commerce/src/probe.ts', "export { Router } from 'express';\n"),
    ).toEqual(['storefront/declared-imports']);
    expect(
      await rulesBroken('packages/server-kit/src/probe.ts', "export { Router } from 'express';\n"),
    ).toEqual([]);
    expect(
      await rulesBroken('mfe-catalog/src/probe.ts', "export const load = () => import('pg');\n"),
    ).toContain('storefront/declared-imports');
  });

  it('refuses a shared package or the shell importing a service, but not their tests', async () => {
    const importsService = "export { startContent } from '@storefront/content-service/definition';\n";
    expect(await rulesBroken('packages/artifact-store/src/probe.ts', importsService)).toContain(
      '@typescript-eslint/no-restricted-imports',
    );
    expect(await rulesBroken('shell/src/server/probe.ts', importsService)).toContain(
      '@typescript-eslint/no-restricted-imports',
    );
    expect(await rulesBroken('shell/src/server/probe.test.ts', importsService)).not.toContain(
      '@typescript-eslint/no-restricted-imports',
    );
  });

  it('refuses a relative path into another package, and takes one inside its own', async () => {
    const probe = 'shell/src/server/probe.ts';
    expect(
      await rulesBroken(
        probe,
        "export { catalogService } from '../../../services/catalog/src/definition';\n",
      ),
    ).toEqual(['storefront/relative-imports-stay-home']);
    expect(
      await rulesBroken(probe, "export const kit = () => import('../../../packages/server-kit/src');\n"),
    ).toEqual(['storefront/relative-imports-stay-home']);
    expect(
      await rulesBroken('services/catalog/test/probe.test.ts', "export * from '../../checkout/src/app';\n"),
    ).toEqual(['storefront/relative-imports-stay-home']);
    expect(await rulesBroken(probe, "export * from '../app/routes';\n")).toEqual([]);
    expect(await rulesBroken('services/catalog/test/probe.test.ts', "export * from '../src/app';\n")).toEqual(
      [],
    );
  });

  it('refuses a service importing the shell, in its code and its tests', async () => {
    const importsShell = "export { startShell } from '@storefront/shell/server';\n";
    for (const file of [
      'services/checkout/src/probe.ts',
      'services/checkout/test/probe.test.ts',
      'services/checkout/src/domain/probe.ts',
      'stand-ins/payment-sandbox/src/probe.ts',
    ]) {
      expect([file, await rulesBroken(file, importsShell)]).toEqual([
        file,
        expect.arrayContaining(['@typescript-eslint/no-restricted-imports']),
      ]);
    }
  });

  it('refuses a remote importing a service', async () => {
    // A remote runs in the browser: the affiliate module as much as the first ones.
    expect(await rulesBroken('mfe-affiliate/src/probe.ts', "export { Router } from 'express';\n")).toContain(
      '@typescript-eslint/no-restricted-imports',
    );
    expect(
      await rulesBroken(
        'mfe-checkout/src/probe.ts',
        "export { checkoutRoutes } from '@storefront/server-kit';\n",
      ),
    ).toContain('@typescript-eslint/no-restricted-imports');
  });

  it("refuses a remote calling another module's service unless the call is recorded", async () => {
    const call = (url: string) => `export const load = () => fetch(${url});\n`;
    expect(await rulesBroken('mfe-catalog/src/probe.ts', call("'/api/checkout/orders'"))).toEqual([
      'no-restricted-syntax',
    ]);
    expect(await rulesBroken('mfe-product/src/probe.ts', call('`/api/account/user/${1}`'))).toEqual([
      'no-restricted-syntax',
    ]);
    expect(await rulesBroken('mfe-catalog/src/probe.ts', call("'/api/catalog/catalogue'"))).toEqual([]);
    // The affiliate module, added after the others, is held to the same boundaries.
    expect(await rulesBroken('mfe-affiliate/src/probe.ts', call("'/api/checkout/orders'"))).toEqual([
      'no-restricted-syntax',
    ]);
    expect(await rulesBroken('mfe-affiliate/src/probe.ts', call("'/api/affiliate/me'"))).toEqual([]);
    // Recorded in ADR 0008: the checkout pages read their product from the catalog's price lists.
    expect(
      await rulesBroken('mfe-checkout/src/probe.ts', call("'/api/catalog/checkout-products/x'")),
    ).toEqual([]);
    expect(await rulesBroken('mfe-checkout/src/probe.ts', call("'/api/catalog/catalogue'"))).toEqual([
      'no-restricted-syntax',
    ]);
  });

  it('lets only the owner of a store write it', async () => {
    const writeCart =
      "import { shellOwnedStores } from '@storefront/bus';\nshellOwnedStores.cart.set({ items: [] });\n";
    expect(await rulesBroken('mfe-checkout/src/probe.ts', writeCart)).toEqual(['no-restricted-syntax']);
    expect(await rulesBroken('shell/src/app/probe.ts', writeCart)).toEqual([]);
    const writeAuth =
      "import { accountOwnedStores } from '@storefront/bus';\naccountOwnedStores.auth.get();\n";
    expect(await rulesBroken('shell/src/app/probe.ts', writeAuth)).toEqual(['no-restricted-syntax']);
    expect(await rulesBroken('mfe-account/src/probe.ts', writeAuth)).toEqual([]);
    const writeAffiliate =
      "import { checkoutOwnedStores } from '@storefront/bus';\ncheckoutOwnedStores.affiliate.get();\n";
    expect(await rulesBroken('shell/src/app/probe.ts', writeAffiliate)).toEqual(['no-restricted-syntax']);
    expect(await rulesBroken('mfe-catalog/src/probe.ts', writeAffiliate)).toEqual(['no-restricted-syntax']);
    expect(await rulesBroken('mfe-checkout/src/probe.ts', writeAffiliate)).toEqual([]);
  });

  it("refuses a breakpoint written out, anywhere, and takes the theme's", async () => {
    // The width is put in at run time, so that lint does not take this file's probes for what they probe.
    const phoneWidth = `(max-width: ${767}px)`;
    const styles = (rule: string) =>
      `import { media } from '@storefront/ui';\nexport const rules = [media, \`${rule} { padding: 0; }\`];\n`;
    for (const file of ['mfe-content/src/probe.ts', 'shell/src/app/probe.ts', 'packages/ui/src/probe.ts']) {
      expect(await rulesBroken(file, styles(`@media ${phoneWidth}`))).toEqual(['no-restricted-syntax']);
      expect(await rulesBroken(file, styles('${media.mobile}'))).toEqual([]);
    }
    // A script asking the width is held to the theme's too.
    const asks = (query: string) => `export const phone = () => window.matchMedia(${query}).matches;\n`;
    expect(await rulesBroken('shell/src/app/probe.ts', asks(`'${phoneWidth}'`))).toEqual([
      'no-restricted-syntax',
    ]);
    expect(
      await rulesBroken(
        'shell/src/app/probe.ts',
        `import { mediaQueries } from '@storefront/ui';\n${asks('mediaQueries.mobile')}`,
      ),
    ).toEqual([]);
  });

  it("refuses a colour written into a style, and takes the theme's", async () => {
    const styles = (rule: string) =>
      `import styled from 'styled-components';\nexport const Box = styled.div\`\n  ${rule}\n\`;\n`;
    for (const file of [
      'mfe-checkout/src/probe.tsx',
      'shell/src/app/probe.tsx',
      'packages/ui/src/probe.tsx',
    ]) {
      for (const colour of ['color: #fff;', 'background: #ecfdf5;', 'border: 1px solid #d9e1eaff;']) {
        expect([file, colour, await rulesBroken(file, styles(colour))]).toEqual([
          file,
          colour,
          ['no-restricted-syntax'],
        ]);
      }
      expect(await rulesBroken(file, styles('color: ${({ theme }) => theme.colors.onDark};'))).toEqual([]);
    }
    // A fragment link is not a colour; the payment sandbox's own page has no theme.
    expect(await rulesBroken('mfe-content/src/probe.ts', 'export const to = `/terms#add`;\n')).toEqual([]);
    expect(
      await rulesBroken(
        'stand-ins/payment-sandbox/src/probe.ts',
        'export const css = `body { color: #1d2330; }`;\n',
      ),
    ).toEqual([]);
  });

  it("keeps HTTP out of a service's domain, and lets its routes speak it", async () => {
    const domain = 'services/checkout/src/domain/probe.ts';
    const routes = 'services/checkout/src/routes/probe.ts';
    const problem = "export { HttpProblem } from '@storefront/server-kit';\n";
    const refusal = "export { DomainError } from '@storefront/server-kit/domain';\n";
    const express = "export { Router } from 'express';\n";
    expect(await rulesBroken(domain, problem)).toEqual(['@typescript-eslint/no-restricted-imports']);
    expect(await rulesBroken(domain, express)).toEqual(['@typescript-eslint/no-restricted-imports']);
    expect(await rulesBroken(domain, "export { STATUS_CODES } from 'node:http';\n")).toEqual([
      '@typescript-eslint/no-restricted-imports',
    ]);
    expect(await rulesBroken(domain, refusal)).toEqual([]);
    // The kit's main entry loads express and the database drivers: the domain takes its own entry.
    expect(await rulesBroken(domain, "export { DomainError } from '@storefront/server-kit';\n")).toEqual([
      '@typescript-eslint/no-restricted-imports',
    ]);
    expect(await rulesBroken(routes, problem)).toEqual([]);
    expect(await rulesBroken(routes, express)).toEqual([]);
  });

  it('keeps a store below the parts that use it', async () => {
    const store = 'services/checkout/src/store/probe.ts';
    for (const above of ['../domain/price-order', '../payments/square-order', '../routes/orders']) {
      expect([above, await rulesBroken(store, `export type * from '${above}';\n`)]).toEqual([
        above,
        ['@typescript-eslint/no-restricted-imports'],
      ]);
    }
    expect(await rulesBroken(store, "export type * from '../order-shapes';\n")).toEqual([]);
    expect(await rulesBroken(store, "export type * from './carts-store';\n")).toEqual([]);
  });

  it("refuses the shell or the UI kit naming a module's route, action, field or cookie; a module names its own", async () => {
    const shell = 'shell/src/app/probe.tsx';
    const named = {
      route: "export const to = '/cart-checkout';\n",
      'route with its query': "export const to = '/auth?tab=sign-up';\n",
      action: "export const action = 'checkout/order';\n",
      'bare action': "export const action = 'newsletter';\n",
      cookie: "export const cookie = 'storefront-cart';\n",
      'field, as a form names it': "export const read = (form: FormData) => form.get('zipCode');\n",
      'field, as an input names it': 'export const Field = () => <input name="agreeToTerms" />;\n',
    };
    for (const [what, code] of Object.entries(named)) {
      expect([what, await rulesBroken(shell, code)]).toEqual([
        what,
        ['module-contracts/shell-knows-no-module'],
      ]);
      expect([what, await rulesBroken('packages/ui/src/probe.tsx', code)]).toEqual([
        what,
        ['module-contracts/shell-knows-no-module'],
      ]);
    }
    // The site's root is the shell's own; a plain word is not a field until it names one.
    expect(
      await rulesBroken(shell, "export const home = '/';\nexport const meta = ['name', 'code'];\n"),
    ).toEqual([]);
    expect(await rulesBroken('mfe-checkout/src/probe.ts', named.route + named.cookie)).toEqual([]);
  });

  it('refuses a remote embedding a fragment its manifest does not declare using, or no module offers', async () => {
    const embed = (remote: string, exposed: string) =>
      `import { RemoteRegion } from '@storefront/ui';\nexport const Part = () => <RemoteRegion remote="${remote}" exposed="${exposed}" label="x" />;\n`;
    const catalogPage = 'mfe-catalog/src/pages/Probe.tsx';
    expect(await rulesBroken(catalogPage, embed('content', 'Newsletter'))).toEqual([]);
    expect(await rulesBroken(catalogPage, embed('checkout', 'CartPanel'))).toEqual([
      'module-contracts/declared-fragments',
    ]);
    expect(await rulesBroken('mfe-product/src/pages/Probe.tsx', embed('content', 'Newsletter'))).toEqual([
      'module-contracts/declared-fragments',
    ]);
    expect(await rulesBroken(catalogPage, embed('content', 'Sitemap'))).toEqual([
      'module-contracts/declared-fragments',
    ]);
    const named = `import { RemoteRegion } from '@storefront/ui';\nconst remote = 'content';\nexport const Part = () => <RemoteRegion remote={remote} exposed="Newsletter" label="x" />;\n`;
    expect(await rulesBroken(catalogPage, named)).toEqual(['module-contracts/declared-fragments']);
  });
});
