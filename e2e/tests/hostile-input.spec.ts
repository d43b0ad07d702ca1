import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';

/**
 * A fuzz pass over every public endpoint, through the shell as a browser (or an attacker) reaches
 * them: malformed and wrong-type JSON, NUL and lone-surrogate strings, deep nesting, oversized bodies,
 * bogus encodings and content types, traversal, doubled-slash and mixed-case paths. Every answer must
 * be a 4xx or better, and none may show what lies underneath (stack, SQL, file paths, library names).
 */

interface Answer {
  status: number;
  body: string;
}

interface Probe {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/**
 * The fuzzer's own loopback address: a client of its own, so that the limits its hundreds of requests
 * run into (rightly: 429 is a 4xx) are not the budgets of the shoppers the other tests play.
 */
const FUZZER_ADDRESS = '127.0.0.66';

/** Sends a request exactly as written (no path normalisation, any header, any bytes). */
function send(origin: URL, { method, path, headers = {}, body }: Probe): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const options = {
      host: origin.hostname,
      port: origin.port,
      method,
      path,
      // A body is always framed: Node sends a GET's body unframed otherwise, and its bytes would be read
      // as the start of the connection's next request.
      headers:
        body === undefined ? headers : { 'content-length': String(Buffer.byteLength(body)), ...headers },
      localAddress: FUZZER_ADDRESS,
    };
    const call = httpRequest(options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString() }));
    });
    call.on('error', reject);
    call.end(body);
  });
}

/** What must never reach a client: traces, SQL and driver errors, paths and names of the code. */
const INTERNAL_DETAIL =
  /\bat [\w.<>]+ \(|node_modules|\/src\/|\.ts:\d+|\bSELECT\b|\bINSERT INTO\b|relation "|syntax error|invalid byte sequence|unsupported Unicode|PGlite|pglite|ECONNREFUSED|TypeError|ReferenceError|RangeError|SyntaxError/;

const JSON_HEADERS = { 'content-type': 'application/json' };

/** Each JSON endpoint with a body that is valid in shape, to be spoilt field by field. */
const JSON_ENDPOINTS: Array<{ path: string; valid: Record<string, unknown> }> = [
  {
    path: '/api/checkout/orders',
    valid: {
      checkout: 'product',
      lines: [{ productId: 'bpc-157', dose: '10mg', quantity: 1, channel: 'storefront' }],
      affiliateCode: 'RESEARCH10',
      customer: { email: 'fuzz@lab.example', firstName: 'F', lastName: 'Z', phoneNumber: '1' },
      shipping: { address: '1 Way', city: 'Tempe', state: 'AZ', zipCode: '85281', country: 'Other' },
      agreeToTerms: false,
      agreeToAge: true,
    },
  },
  { path: '/api/checkout/affiliates/lookup', valid: { code: 'RESEARCH10' } },
  {
    path: '/api/checkout/cart/quote',
    valid: {
      lines: [{ productId: 'bpc-157', dose: '10mg', quantity: 2, channel: 'storefront' }],
      affiliateCode: 'RESEARCH10',
    },
  },
  { path: '/api/checkout/webhooks/square', valid: { event_id: 'e', type: 'payment.updated', data: {} } },
  { path: '/api/content/subscribers', valid: { email: 'fuzz@lab.example', name: 'Fuzz' } },
  {
    path: '/api/account/auth/v1/signup',
    valid: { email: 'fuzz@lab.example', password: 'short', data: { name: 'F' } },
  },
  {
    path: '/api/account/auth/v1/token?grant_type=password',
    valid: { email: 'fuzz@lab.example', password: 'x' },
  },
  { path: '/api/account/auth/v1/token?grant_type=refresh_token', valid: { refresh_token: 'nope' } },
  { path: '/api/account/auth/v1/resend', valid: { type: 'signup', email: 'fuzz@lab.example' } },
  { path: '/api/account/auth/v1/logout', valid: {} },
];

const GET_ENDPOINTS = [
  '/api/catalog/home-products',
  '/api/catalog/catalogue',
  '/api/catalog/dedicated-checkouts/bpc-157',
  '/api/catalog/checkout-products/quick-checkout/bpc-157',
  '/api/catalog/images/v2/bpc-157.svg',
  '/api/product/products/bpc-157',
  '/api/checkout/orders/00000000-0000-0000-0000-000000000000',
  '/api/content/policies/refund-policy',
  '/api/account/auth/v1/user',
  '/api/account/auth/v1/verify?token=abc&type=signup',
  '/api/account/dev/mailbox?to=fuzz@lab.example',
];

/** Values no field expects: other types, text no database stores, and the far too large. */
const HOSTILE_VALUES: unknown[] = [
  42,
  -1.5,
  true,
  null,
  [],
  {},
  ['a', 1],
  { $ne: null },
  'nul\u0000inside',
  'half \ud800 a pair',
  '\udfff',
  '../../etc/passwd',
  "' OR 1=1 --",
  'x'.repeat(5_000),
];

const nested = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

/** Every way of spoiling one JSON endpoint's request. */
function bodyProbes({ path, valid }: (typeof JSON_ENDPOINTS)[number]): Probe[] {
  const post = (body: string | Buffer, headers: Record<string, string> = JSON_HEADERS): Probe => ({
    method: 'POST',
    path,
    headers,
    body,
  });
  const probes: Probe[] = [
    ...['{"a":', '{', 'nul', '[', '"\\u0000"', '{"a":"\\ud800"}', '\u0000', ''].map((text) => post(text)),
    ...['[]', '5', '"text"', 'null', 'true'].map((text) => post(text)),
    post(nested(5_000)),
    post(`[${'['.repeat(3_000)}${']'.repeat(3_000)}]`),
    post(JSON.stringify({ ...valid, padding: 'x'.repeat(2_000_000) })),
    ...['gzip', 'deflate', 'br', 'bogus'].map((encoding) =>
      post(JSON.stringify(valid), { ...JSON_HEADERS, 'content-encoding': encoding }),
    ),
    ...[
      'text/plain',
      'application/xml',
      'multipart/form-data; boundary=x',
      'application/x-www-form-urlencoded',
      'application/json; charset=utf-16',
      'application/json; charset=bogus',
    ].map((type) => post(JSON.stringify(valid), { 'content-type': type })),
  ];
  const spoil = (target: Record<string, unknown>, rebuild: (inner: Record<string, unknown>) => unknown) => {
    for (const [field, value] of Object.entries(target)) {
      for (const hostile of HOSTILE_VALUES) {
        probes.push(post(JSON.stringify(rebuild({ ...target, [field]: hostile }))));
      }
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        spoil(value as Record<string, unknown>, (inner) => rebuild({ ...target, [field]: inner }));
      }
    }
  };
  spoil(valid, (body) => body);
  return probes;
}

/** Every way of spoiling one GET endpoint's path and query. */
function pathProbes(path: string): Probe[] {
  const [pathname, query = ''] = path.split('?');
  const segments = pathname!.split('/');
  const get = (p: string): Probe => ({ method: 'GET', path: p });
  const probes: Probe[] = [
    get(pathname!.replace('/api/', '/api//').replace(/\/([^/]+)$/, '//$1')),
    get(pathname!.toUpperCase()),
    get(pathname!.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`)),
    get(
      `${pathname}?${query}&x=%00&y=%ED%A0%80&z[]=a&z[]=b&w[a][b][c][d][e][f][g][h][i][j][k][l][m][n][o][p][q][r]=1`,
    ),
    ...(query ? query.split('&').map((pair) => get(`${pathname}?${pair.split('=')[0]}=%00`)) : []),
    ...(query ? query.split('&').map((pair) => get(`${pathname}?${pair.split('=')[0]}[]=a`)) : []),
  ];
  // Each segment after /api/<module> in turn: NUL, a broken escape, half a pair, traversal, huge.
  for (let i = 3; i < segments.length; i++) {
    for (const hostile of [
      '%00',
      '%ZZ',
      '%',
      '%ED%A0%80',
      '..%2f..%2f..%2fetc%2fpasswd',
      '..',
      'x'.repeat(4_000),
    ]) {
      const spoilt = [...segments];
      spoilt[i] = hostile;
      probes.push(get(spoilt.join('/') + (query ? `?${query}` : '')));
    }
  }
  return probes;
}

/** The pages and static folders a browser asks the shell for, with the query parameters they read. */
const PAGE_PATHS = [
  '/',
  '/catalog?search=x&category=All&sort=name',
  '/auth?tab=sign-up',
  '/product/bpc-157',
  '/checkout?peptideId=retatrutide&dosage=10mg&quantity=1',
  '/checkout/retatrutide?dosage=10mg&quantity=1&ref=RESEARCH10',
  '/cart-checkout',
  '/ref/RESEARCH10',
  '/success?session_id=abc',
  '/cancel',
  '/refund-policy',
  '/remotes/catalog/x/remoteEntry.js',
  '/registry.json',
];

/** What a browser may say it accepts: none, one, both, and both with q-values. */
const ENCODINGS = ['identity', 'gzip', 'br', 'br, gzip', 'gzip;q=1, br;q=0.5'];

/**
 * Every page path spoilt segment by segment and parameter by parameter, including values that decode
 * to a service-to-service path, each with every Accept-Encoding: a page or static file must answer 4xx.
 */
function pageProbes(path: string): Probe[] {
  const [pathname, query = ''] = path.split('?');
  const segments = pathname!.split('/');
  const hostiles = ['%00', '%ZZ', '%ED%A0%80', '..%2F..%2Finternal', '..%2F..%2Finternal%2Fstatus', '..'];
  const paths = [`/%00${pathname}`, `${pathname}/%00`];
  for (let i = 1; i < segments.length; i++) {
    for (const hostile of hostiles) paths.push(segments.map((s, k) => (k === i ? hostile : s)).join('/'));
  }
  for (const pair of query ? query.split('&') : []) {
    for (const hostile of hostiles)
      paths.push(`${pathname}?${query.replace(pair, `${pair.split('=')[0]}=${hostile}`)}`);
  }
  return paths.flatMap((spoilt) =>
    ENCODINGS.map((encoding) => ({
      method: 'GET',
      path: spoilt,
      headers: { accept: 'text/html,*/*', 'accept-encoding': encoding },
    })),
  );
}

/** Every name a plain object inherits: a handler table looked up through the prototype finds them all. */
const INHERITED_NAMES = Object.getOwnPropertyNames(Object.prototype);

/** The pages whose forms post back to themselves, where the shell's server dispatches an action. */
const FORM_PAGES = ['/', '/catalog', '/auth', '/product/bpc-157', '/checkout/bpc-157', '/cart-checkout'];

/**
 * Form posts, as a page of the shop sends them (same origin, urlencoded), naming as the action (bare,
 * qualified by a module, or as the module) and as a field every inherited name, and actions no module
 * has: each must be refused or answered, never a 5xx.
 */
function formProbes(origin: URL, path: string): Probe[] {
  const headers = { 'content-type': 'application/x-www-form-urlencoded', origin: origin.origin };
  const post = (fields: Record<string, string>): Probe => ({
    method: 'POST',
    path,
    headers,
    body: new URLSearchParams(fields).toString(),
  });
  return [
    ...INHERITED_NAMES.flatMap((name) => [
      post({ _action: name }),
      post({ _action: `checkout/${name}` }),
      post({ _action: `${name}/cart-add` }),
      post({ _action: `${name}/${name}` }),
      post({ _action: 'checkout/cart-add', [name]: '1', productId: name, dose: name, channel: name }),
      post({ _action: 'content/newsletter', email: name, name }),
    ]),
    post({}),
    post({ _action: '' }),
    post({ _action: 'nobody/nothing' }),
    post({ _action: '/'.repeat(500) }),
    post({ _action: 'checkout/cart-add', quantity: '1e309', productId: 'bpc-157', dose: '10mg' }),
  ];
}

test('no public endpoint answers a hostile request with a 5xx or a glimpse of its internals', async ({
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = new URL(baseURL!);
  const probes: Probe[] = [
    ...JSON_ENDPOINTS.flatMap(bodyProbes),
    ...GET_ENDPOINTS.flatMap(pathProbes),
    ...PAGE_PATHS.flatMap(pageProbes),
    ...FORM_PAGES.flatMap((path) => formProbes(origin, path)),
    // Every method on every path, and paths that do not exist.
    ...GET_ENDPOINTS.flatMap((path) => ['PUT', 'DELETE', 'PATCH'].map((method) => ({ method, path }))),
    { method: 'GET', path: '/api/catalog/%2e%2e/%2e%2e/%2e%2e/etc/passwd' },
    { method: 'GET', path: '/api/%00/x' },
    { method: 'GET', path: '/api/catalog/internal/product-summaries' },
    { method: 'POST', path: '/api/catalog//internal/quote', headers: JSON_HEADERS, body: '{}' },
    { method: 'POST', path: '/api/catalog/INTERNAL/quote', headers: JSON_HEADERS, body: '{}' },
    { method: 'POST', path: '/api/catalog/%49nternal/quote', headers: JSON_HEADERS, body: '{}' },
    { method: 'GET', path: '/product/%ZZ' },
    { method: 'GET', path: '/checkout/%00?quantity=%00&dosage=%ED%A0%80' },
    { method: 'GET', path: '/checkout?peptideId=%00&quantity=-1e309' },
    { method: 'GET', path: '/remotes/..%2f..%2f..%2fpackage.json' },
    { method: 'GET', path: '//etc/passwd' },
  ];
  const failures: string[] = [];
  const internalReached: string[] = [];
  for (const probe of probes) {
    const answer = await send(origin, probe);
    const label = `${probe.method} ${probe.path.slice(0, 120)} ${String(probe.body ?? '').slice(0, 80)}`;
    if (answer.status >= 500) failures.push(`${answer.status} ${label}: ${answer.body.slice(0, 200)}`);
    else if (probe.path.startsWith('/api/') && INTERNAL_DETAIL.test(answer.body)) {
      failures.push(`internal detail in ${label}: ${answer.body.slice(0, 200)}`);
    }
    if (probe.path.startsWith('/api/') && /internal/i.test(probe.path) && answer.status < 400) {
      internalReached.push(label);
    }
  }
  expect(probes.length).toBeGreaterThan(1_800);
  expect(failures).toEqual([]);
  expect(internalReached).toEqual([]);
});

test("a body of 10 MB is refused by the gateway with 413, the client's error, whatever the route", async ({
  baseURL,
}) => {
  const origin = new URL(baseURL!);
  const tenMegabytes = Buffer.alloc(10 * 1024 * 1024, 'x');
  for (const path of ['/api/checkout/cart/lines', '/api/content/subscribers', '/api/checkout/orders']) {
    const answer = await send(origin, { method: 'POST', path, headers: JSON_HEADERS, body: tenMegabytes });
    expect(answer.status, path).toBe(413);
    // Behind nginx (the scale-out stack), the balancer's own limit answers first, in its own words.
    if (answer.body.startsWith('{'))
      expect(JSON.parse(answer.body), path).toMatchObject({ detail: 'Request bodies are limited to 64kb.' });
  }
});

test('no request line reaches a service-to-service route through the shell: absolute, authority and asterisk forms', async ({
  baseURL,
  request,
}) => {
  const origin = new URL(baseURL!);
  const code = {
    code: 'HAX',
    affiliateId: '00000000-0000-4000-8000-000000000001',
    name: 'Hax',
    discountRate: 0.99,
    active: true,
  };
  const internalRoutes = [
    { method: 'PUT', path: '/checkout/internal/affiliate-codes/HAX', body: code },
    { method: 'POST', path: '/affiliate/internal/program-events', body: { events: [] } },
    { method: 'GET', path: '/catalog/internal/price-list' },
    { method: 'POST', path: '/catalog/internal/quote', body: {} },
    { method: 'GET', path: '/account/internal/status' },
  ];
  const reached: string[] = [];
  for (const route of internalRoutes) {
    for (const target of [
      `http://x/api${route.path}`,
      `HTTP://${origin.host}/API${route.path.toUpperCase()}`,
      `http://x${route.path.replace(/^\/[^/]+/, '')}`,
      `http://x/api//${route.path}`,
      `http://x/api/%${'c'.charCodeAt(0).toString(16)}${route.path.slice(2)}`,
    ]) {
      const answer = await send(origin, {
        method: route.method,
        path: target,
        headers: JSON_HEADERS,
        body: JSON.stringify(route.body ?? {}),
      });
      if (answer.status < 400) reached.push(`${route.method} ${target} → ${answer.status}`);
    }
  }
  for (const [method, target] of [
    ['OPTIONS', '*'],
    ['GET', 'x:80'],
  ] as const) {
    const answer = await send(origin, { method, path: target });
    if (answer.status < 400) reached.push(`${method} ${target} → ${answer.status}`);
  }
  expect(reached).toEqual([]);
  // And no code was made: HAX is not a code the checkout knows.
  const lookup = await request.post('/api/checkout/affiliates/lookup', { data: { code: 'HAX' } });
  expect(lookup.status()).toBe(404);
});

test('a page address whose parameter spells a service-to-service path is the not-found page', async ({
  baseURL,
}) => {
  const origin = new URL(baseURL!);
  for (const path of [
    '/checkout/..%2F..%2Finternal',
    '/product/..%2F..%2Finternal%2Fstatus',
    '/checkout?peptideId=..%2F..%2Finternal',
  ]) {
    for (const encoding of ENCODINGS) {
      const answer = await send(origin, {
        method: 'GET',
        path,
        headers: { accept: 'text/html', 'accept-encoding': encoding },
      });
      // In front of the shells (the scale stack), nginx itself refuses an address climbing above the root.
      if (answer.status === 400 && answer.body.includes('<center>nginx</center>')) continue;
      expect(answer.status, `${path} (${encoding})`).toBe(404);
    }
  }
  for (const path of ['/%00', '/product/%00', '/remotes/%00']) {
    const answer = await send(origin, { method: 'GET', path, headers: { 'accept-encoding': 'br, gzip' } });
    expect([400, 404], path).toContain(answer.status);
  }
});

test('the probes say up or down only: no version or database kind for strangers', async ({ request }) => {
  for (const probe of ['/api/catalog/healthz', '/api/checkout/readyz']) {
    const answer = await request.get(probe);
    expect(await answer.json()).toEqual(expect.objectContaining({ status: expect.any(String) }));
    expect(Object.keys(await answer.json())).toEqual(['status']);
  }
  expect((await request.get('/api/catalog/internal/status')).status()).toBe(404);
});
