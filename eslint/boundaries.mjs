// The boundaries between the repository's packages, as lint rules (docs/adr/0008-module-boundaries.md).
// Three rule ids carry them, so each can be set per folder without undoing the others:
// @typescript-eslint/no-restricted-imports (what may be imported), no-restricted-syntax (which stores a
// module writes, which services it calls) and storefront/declared-imports (declared dependencies).

/** Each remote module and the service that backs it: the one its pages call. */
const REMOTE_SERVICES = {
  'mfe-account': 'account',
  'mfe-affiliate': 'affiliate',
  'mfe-catalog': 'catalog',
  'mfe-checkout': 'checkout',
  'mfe-content': 'content',
  'mfe-product': 'product',
};

/** Calls from a remote to another module's service, each decided in ADR 0008. */
const RECORDED_CALLS = {
  // The checkout pages show a product from their channel's price list; the catalog owns price lists,
  // and the dedicated checkouts' addresses and settings.
  'mfe-checkout': ['catalog/checkout-products/', 'catalog/dedicated-checkouts'],
  // The product pages' sitemap lists every product of the catalogue.
  'mfe-product': ['catalog/catalogue'],
};

const deepImports = {
  group: ['@storefront/*/src', '@storefront/*/src/**', '@storefront/*/dist', '@storefront/*/dist/**'],
  message: 'Import what the package exports (the "exports" of its package.json), never its files.',
};
const serverImports = {
  group: [
    '@storefront/*-service',
    '@storefront/*-service/**',
    '@storefront/server-kit',
    '@storefront/server-kit/**',
    '@storefront/payment-sandbox',
    '@storefront/payment-sandbox/**',
    'express',
    'pg',
  ],
  message: 'A remote runs in the browser: it talks to its service over HTTP (/api/...), never imports one.',
};

/** Services: the shared packages and the shell are what services are built from, never the reverse. */
const serviceImports = {
  group: [
    '@storefront/*-service',
    '@storefront/*-service/**',
    '@storefront/payment-sandbox',
    '@storefront/payment-sandbox/**',
  ],
  message: 'packages/ and the shell are what services are made of: they never import a service.',
};

/** A service's domain decides; its routes speak HTTP. A refusal is a DomainError the routes map. */
const httpInDomain = [
  {
    group: ['express', 'node:http', 'node:https', 'http', 'https'],
    message:
      "A service's domain/ knows nothing of HTTP: take plain values, return results, throw DomainError.",
  },
  {
    // Every entry of the kit but its domain one (a group's gitignore patterns cannot re-include it).
    regex: '^@storefront/server-kit(?!/domain$)(/.*)?$',
    message:
      "A service's domain/ takes from @storefront/server-kit/domain only (DomainError, the ports' types): the routes decide the HTTP status.",
  },
];

/** A service's store reads and writes its tables; the parts that use it sit above it, never below. */
const aboveTheStore = {
  group: ['../domain', '../domain/*', '../payments', '../payments/*', '../routes', '../routes/*', '../app'],
  message:
    "A store imports nothing above it (domain/, payments/, routes/): put a shape they share beside them, e.g. the service's order-shapes.ts.",
};

/** The shell is a deployable of its own: a service never imports it, in its code or its tests. */
const shellImports = {
  group: ['@storefront/shell', '@storefront/shell/**'],
  message: 'A service answers over HTTP and never imports the shell: share through packages/ instead.',
};

// esquery regular expressions cannot hold '/', so it is written \u002F.
const slash = '\\u002F';
const writes = (name, owner) => ({
  selector: `ImportDeclaration[source.value='@storefront/bus'] > ImportSpecifier[imported.name='${name}']`,
  message: `Only ${owner} writes these stores; publish a command on the bus instead.`,
});
/** Each writable set of stores, and the one workspace that writes it (ADR 0009). */
const STORE_WRITERS = [
  { dir: 'shell', rule: writes('shellOwnedStores', 'the shell') },
  { dir: 'mfe-account', rule: writes('accountOwnedStores', 'the account module') },
  { dir: 'mfe-checkout', rule: writes('checkoutOwnedStores', 'the checkout module') },
];
const storeWritesOutside = (dir) => STORE_WRITERS.filter((w) => w.dir !== dir).map((w) => w.rule);

function serviceCalls(remote) {
  const allowed = [`${REMOTE_SERVICES[remote]}(?:${slash}|$)`, ...(RECORDED_CALLS[remote] ?? [])]
    .map((prefix) => prefix.replaceAll('/', slash))
    .join('|');
  const pattern = `^${slash}api${slash}(?!${allowed})`;
  const message = `${remote} calls its own service (/api/${REMOTE_SERVICES[remote]}/); a call to another module's service needs a decision in docs/adr/0008-module-boundaries.md and an entry in eslint/boundaries.mjs.`;
  return [
    { selector: `Literal[value=/${pattern}/]`, message },
    { selector: `TemplateElement[value.raw=/${pattern}/]`, message },
  ];
}

// The spec's breakpoint is written once, in the theme (packages/ui/src/theme.ts), whose own rule is
// built from the number, so no file spells a width in an @media rule.
const literalBreakpoints = [
  {
    selector: 'TemplateElement[value.raw=/@media[^{]*\\d+px/]',
    message: 'Write breakpoints through the theme: ${media.mobile} or ${media.desktop} from @storefront/ui.',
  },
  {
    // A script's matchMedia asks the same widths: mediaQueries.mobile, not '(max-width: 767px)'.
    selector: 'Literal[value=/\\((max|min)-(width|height):\\s*\\d+px\\)/]',
    message:
      "Ask the theme's widths: mediaQueries.mobile (or .desktop, .narrow, .short) from @storefront/ui.",
  },
];
// The site's colours are the theme's tones (packages/ui/src/theme.ts): a colour written into a style
// drifts from the palette. (A drawing's SVG attributes are not styles, and are not held to this.)
const literalColours = [
  {
    selector:
      'TemplateElement[value.raw=/[:\\s,(]#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?([0-9a-fA-F]{2})?[;,)\\s]/]',
    message: 'Take colours from the theme (${({ theme }) => theme.colors.…}); add a tone there if none fits.',
  },
];
const restrictedSyntax = (...entries) => ({
  'no-restricted-syntax': ['error', ...literalBreakpoints, ...literalColours, ...entries],
});
const code = ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.mjs', '**/*.cjs'];

export const boundaries = [
  {
    files: code,
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [deepImports] }],
      ...restrictedSyntax(...storeWritesOutside(null)),
    },
  },
  { files: code.map((glob) => `shell/${glob}`), rules: restrictedSyntax(...storeWritesOutside('shell')) },
  // Servers' own plain pages (the dev mailbox, the payment sandbox's), the tests and the bench have no
  // theme to take colours from.
  {
    files: ['services', 'stand-ins', 'e2e', 'bench'].flatMap((dir) => code.map((glob) => `${dir}/${glob}`)),
    rules: {
      'no-restricted-syntax': ['error', ...literalBreakpoints, ...storeWritesOutside(null)],
    },
  },
  // Their tests may start a real service to answer them (never a mock of one).
  {
    files: ['packages', 'shell'].flatMap((dir) => code.map((glob) => `${dir}/${glob}`)),
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [deepImports, serviceImports] }],
    },
  },
  {
    files: ['services', 'stand-ins'].flatMap((dir) => code.map((glob) => `${dir}/*/${glob}`)),
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [deepImports, shellImports] }],
    },
  },
  {
    files: code.map((glob) => `services/*/src/store/${glob}`),
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [deepImports, shellImports, aboveTheStore] },
      ],
    },
  },
  {
    files: code.map((glob) => `services/*/src/domain/${glob}`),
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [deepImports, shellImports, ...httpInDomain] },
      ],
    },
  },
  ...Object.keys(REMOTE_SERVICES).map((remote) => ({
    files: code.map((glob) => `${remote}/${glob}`),
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [deepImports, serverImports] }],
      ...restrictedSyntax(...storeWritesOutside(remote), ...serviceCalls(remote)),
    },
  })),
];
