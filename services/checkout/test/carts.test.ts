import { shopperCartSchema, type CartAddition } from '@storefront/commerce/checkout';
import { testDatabaseKinds, type TestService } from '@storefront/server-kit/testing';
import request from 'supertest';
import { Limiter } from '@storefront/server-kit';
import { ABANDONED_CART_DAYS, addToCart, cartLines, claimCart } from '../src/store/carts-store';
import { HARNESS_START_MS, openCheckoutHarness, roomyLimits, type CheckoutHarness } from './harness';

const bpcHome: CartAddition = {
  productId: 'bpc-157',
  name: 'BPC-157',
  variant: '10mg',
  image: '/api/catalog/images/v2/bpc-157/10mg.svg',
  price: 8500,
  quantity: 1,
  channel: 'storefront',
};
const bpcCatalogue: CartAddition = { ...bpcHome, price: 7999, channel: 'catalogue' };
/** What a page sends: the line alone (a name, picture or price it adds is not the service's to take). */
const line = ({ productId, variant, quantity, channel }: CartAddition) => ({
  productId,
  variant,
  quantity,
  channel,
});

describe.each(testDatabaseKinds())('shoppers’ carts on %s', (kind) => {
  let harness: CheckoutHarness;
  let checkout: TestService;
  beforeAll(async () => {
    harness = await openCheckoutHarness(kind);
    checkout = harness.checkout;
  }, HARNESS_START_MS);
  afterAll(() => harness?.dispose());

  /** A browser: it keeps the cart cookie the service sets, and sends it back. */
  function browser() {
    let cookie = '';
    const keep = (res: request.Response) => {
      const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
      const cart = set.find((line) => line.startsWith('storefront-cart='));
      if (cart) cookie = cart.split(';')[0]!;
      return res;
    };
    return {
      cookie: () => cookie,
      setCookie: (value: string) => (cookie = value),
      get: (path: string) => request(checkout.app).get(path).set('cookie', cookie).then(keep),
      send: (method: 'post' | 'patch' | 'delete', path: string, body?: object) =>
        request(checkout.app)[method](path).set('cookie', cookie).send(body).then(keep),
    };
  }

  it('starts empty, without a cart or a cookie, until something is added', async () => {
    const shopper = browser();
    const res = await shopper.get('/cart');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [], quote: null, problem: null, affiliate: null });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps the cart behind an httpOnly, SameSite=Lax cookie, priced as an order of it would be', async () => {
    const shopper = browser();
    const added = await shopper.send('post', '/cart/lines', { ...bpcHome, quantity: 2 });
    expect(added.status).toBe(200);
    const setCookie = ([] as string[]).concat(added.headers['set-cookie'] ?? [])[0]!;
    expect(setCookie).toMatch(/^storefront-cart=[0-9a-f-]{36}; /);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);

    const cart = shopperCartSchema.parse((await shopper.get('/cart?affiliateCode=research10')).body);
    expect(cart.items).toEqual([{ ...bpcHome, id: 'bpc-157-10mg', quantity: 2 }]);
    expect(cart.quote!.totals).toMatchObject({ subtotal: 17000, discount: 1700 });
    expect(cart.affiliate).toMatchObject({ code: 'RESEARCH10', discountRate: 0.1 });
    // A code the service does not know prices the cart without a discount.
    const unknown = shopperCartSchema.parse((await shopper.get('/cart?affiliateCode=NOPE')).body);
    expect(unknown.affiliate).toBeNull();
    expect(unknown.quote!.totals.discount).toBe(0);
    // Another browser sees nothing of it.
    expect((await browser().get('/cart')).body.items).toEqual([]);
  });

  it('merges the same product and dose from one price list, and keeps another list’s as its own line at its price', async () => {
    const shopper = browser();
    await shopper.send('post', '/cart/lines', bpcHome);
    await shopper.send('post', '/cart/lines', bpcCatalogue);
    const cart = shopperCartSchema.parse((await shopper.send('post', '/cart/lines', bpcHome)).body);
    expect(cart.items.map((item) => [item.id, item.quantity])).toEqual([
      ['bpc-157-10mg', 2],
      ['bpc-157-10mg-catalogue', 1],
    ]);
    expect(cart.quote!.lines.map((line) => line.unitPrice)).toEqual([8500, 7999]);
    expect(cart.quote!.totals.subtotal).toBe(2 * 8500 + 7999);

    // The other order of adding gives the same lines at the same prices.
    const other = browser();
    await other.send('post', '/cart/lines', bpcCatalogue);
    await other.send('post', '/cart/lines', { ...bpcHome, quantity: 2 });
    const otherCart = shopperCartSchema.parse((await other.get('/cart')).body);
    expect(otherCart.quote!.totals).toEqual(cart.quote!.totals);
  });

  it('sets a quantity, removes at 0 or on request, and empties', async () => {
    const shopper = browser();
    await shopper.send('post', '/cart/lines', bpcHome);
    await shopper.send('post', '/cart/lines', {
      ...bpcHome,
      productId: 'tb-500',
      name: 'TB-500',
      variant: '5mg',
    });
    let cart = (await shopper.send('patch', '/cart/lines/bpc-157-10mg', { quantity: 7 })).body;
    expect(cart.items.map((item: { quantity: number }) => item.quantity)).toEqual([7, 1]);
    cart = (await shopper.send('patch', '/cart/lines/bpc-157-10mg', { quantity: 0 })).body;
    expect(cart.items.map((item: { id: string }) => item.id)).toEqual(['tb-500-5mg']);
    cart = (await shopper.send('delete', '/cart/lines/tb-500-5mg')).body;
    expect(cart.items).toEqual([]);
    await shopper.send('post', '/cart/lines', bpcHome);
    expect((await shopper.send('delete', '/cart')).body.items).toEqual([]);
    expect((await shopper.get('/cart')).body.items).toEqual([]);
  });

  it('shows the lines with why when the cart cannot be priced: over 1,000 vials of one product over two lists', async () => {
    const shopper = browser();
    await shopper.send('post', '/cart/lines', { ...line(bpcHome), quantity: 500 });
    const cart = shopperCartSchema.parse(
      (await shopper.send('post', '/cart/lines', { ...line(bpcCatalogue), quantity: 550 })).body,
    );
    expect(cart.items).toHaveLength(2);
    expect(cart.quote).toBeNull();
    expect(cart.problem).toBe(
      'Online orders are limited to 1,000 vials of one product and $50,000 in total. For a larger order, please contact us.',
    );
  });

  it('carries over a cart kept in the browser, once, merging with what is there', async () => {
    const shopper = browser();
    await shopper.send('post', '/cart/lines', bpcHome);
    const cart = (await shopper.send('post', '/cart/import', { items: [bpcHome, bpcCatalogue] })).body;
    expect(cart.items.map((item: { id: string; quantity: number }) => [item.id, item.quantity])).toEqual([
      ['bpc-157-10mg', 2],
      ['bpc-157-10mg-catalogue', 1],
    ]);
  });

  it('adds an addition sent twice with its id once, to that cart only; another id is another addition', async () => {
    const shopper = browser();
    const once = { ...bpcHome, additionId: 'a'.repeat(32) };
    await shopper.send('post', '/cart/lines', once);
    const again = shopperCartSchema.parse((await shopper.send('post', '/cart/lines', once)).body);
    expect(again.items.map((item) => item.quantity)).toEqual([1]);
    const another = await shopper.send('post', '/cart/lines', { ...bpcHome, additionId: 'b'.repeat(32) });
    expect(shopperCartSchema.parse(another.body).items.map((item) => item.quantity)).toEqual([2]);

    // A browser with a cart of its own adds an id made elsewhere as a new addition to its cart.
    const other = browser();
    await other.send('post', '/cart/lines', { ...bpcCatalogue, additionId: 'c'.repeat(32) });
    const theirs = await other.send('post', '/cart/lines', once);
    expect(shopperCartSchema.parse(theirs.body).items.map((item) => item.quantity)).toEqual([1, 1]);
    expect((await shopper.send('post', '/cart/lines', { ...once, additionId: 'not an id' })).status).toBe(
      400,
    );
  });

  it("an addition sent again by a page that never saw its answer, nor the cart's cookie, finds its cart once", async () => {
    const shopper = browser();
    const first = { ...bpcHome, additionId: 'd'.repeat(32) };
    await shopper.send('post', '/cart/lines', first);
    const cookie = shopper.cookie();
    // The reload went out before the answer and its cookie came back: the next page sends it again.
    shopper.setCookie('');
    const again = await shopper.send('post', '/cart/lines', first);
    expect(shopper.cookie()).toBe(cookie);
    expect(shopperCartSchema.parse(again.body).items.map((item) => item.quantity)).toEqual([1]);
    // What that page sends next goes to the same cart.
    const next = await shopper.send('post', '/cart/lines', { ...bpcCatalogue, additionId: 'e'.repeat(32) });
    expect(shopperCartSchema.parse(next.body).items.map((item) => item.quantity)).toEqual([1, 1]);
  });

  it("an addition's id names its cart to a browser without one only within the hour, and never an account's cart", async () => {
    const late = browser();
    const old = { ...bpcHome, additionId: 'f'.repeat(32) };
    await late.send('post', '/cart/lines', old);
    await checkout.db.query(
      "UPDATE cart_additions SET added_at = now() - interval '61 minutes' WHERE addition_id = $1",
      [old.additionId],
    );
    const stranger = browser();
    const fresh = shopperCartSchema.parse((await stranger.send('post', '/cart/lines', old)).body);
    expect(stranger.cookie()).not.toBe(late.cookie());
    expect(fresh.items.map((item) => item.quantity)).toEqual([1]);

    const owned = browser();
    const ownedAddition = { ...bpcHome, additionId: '1'.repeat(32) };
    await owned.send('post', '/cart/lines', ownedAddition);
    const cartId = owned.cookie().split('=')[1]!;
    await checkout.db.query('UPDATE carts SET user_id = gen_random_uuid()::text WHERE id = $1', [cartId]);
    const another = browser();
    await another.send('post', '/cart/lines', ownedAddition);
    expect(another.cookie()).not.toBe(owned.cookie());
  });

  it('refuses what no page would add, and makes no cart for it: a price list it does not know, no quantity, too many', async () => {
    const shopper = browser();
    for (const body of [
      { ...line(bpcHome), channel: 'wholesale' },
      { ...line(bpcHome), quantity: 0 },
      { ...line(bpcHome), quantity: 10_001 },
      { ...line(bpcHome), variant: 'v'.repeat(21) },
      { ...line(bpcHome), productId: '' },
    ]) {
      expect((await shopper.send('post', '/cart/lines', body)).status).toBe(400);
    }
    expect(shopper.cookie()).toBe('');
  });

  it('adds only what the catalog sells, at its name, picture and price, whatever a request says of them', async () => {
    const shopper = browser();
    for (const body of [
      { ...line(bpcHome), productId: 'no-such-peptide' },
      { ...line(bpcHome), variant: '20mg' },
      { ...line(bpcHome), channel: 'quick-checkout', productId: 'tb-500', variant: '5mg' },
    ]) {
      const refused = await shopper.send('post', '/cart/lines', body);
      expect([body, refused.status, refused.body.title]).toEqual([body, 422, 'Not available']);
    }
    expect(shopper.cookie()).toBe('');
    const added = await shopper.send('post', '/cart/lines', {
      ...bpcHome,
      name: 'Free Sample',
      image: 'https://evil.example/x.svg',
      price: 1,
    });
    expect(added.body.items).toEqual([{ ...bpcHome, id: 'bpc-157-10mg' }]);
  });

  it('lets one client begin only so many carts; adding to a cart it has costs nothing', async () => {
    const threeCarts = harness.sameDatabaseApp({
      limits: { ...roomyLimits(), newCarts: new Limiter('new-carts', { limit: 3, windowMs: 60_000 }) },
    });
    const add = (cookie = '') =>
      request(threeCarts).post('/cart/lines').set('cookie', cookie).send(line(bpcHome));
    const cookieOf = (res: request.Response) =>
      ([] as string[]).concat(res.headers['set-cookie'] ?? [])[0]?.split(';')[0] ?? '';
    const begun = [await add(), await add(), await add()];
    expect(begun.map((res) => res.status)).toEqual([200, 200, 200]);
    const fourth = await add();
    expect(fourth.status).toBe(429);
    expect(fourth.body.detail).toMatch(/^Too many new carts\. Please wait \d+ seconds/);
    expect(fourth.headers['set-cookie']).toBeUndefined();
    // A shopper with a cart goes on adding to it.
    const again = await add(cookieOf(begun[0]!));
    expect(again.status).toBe(200);
    expect(again.body.items[0].quantity).toBe(2);
    const imported = await request(threeCarts)
      .post('/cart/import')
      .send({ items: [line(bpcHome)] });
    expect(imported.status).toBe(429);
  });

  it(`forgets a cart no one has changed for ${ABANDONED_CART_DAYS} days; a new cart clears such carts away`, async () => {
    const shopper = browser();
    await shopper.send('post', '/cart/lines', line(bpcHome));
    const abandoned = shopper.cookie().split('=')[1]!;
    await checkout.db.query(
      `UPDATE carts SET updated_at = now() - interval '${ABANDONED_CART_DAYS} days 1 minute' WHERE id = $1`,
      [abandoned],
    );
    expect((await shopper.get('/cart')).body.items).toEqual([]);
    // Its browser's next addition begins a new cart; the abandoned one is gone from the database.
    await shopper.send('post', '/cart/lines', line(bpcHome));
    expect(shopper.cookie()).not.toContain(abandoned);
    const { rows } = await checkout.db.query('SELECT 1 FROM carts WHERE id = $1', [abandoned]);
    expect(rows).toEqual([]);
  });

  it('keeps a cart changed within the days, and a signed-in shopper’s however long ago', async () => {
    const shopper = browser();
    await shopper.send('post', '/cart/lines', line(bpcHome));
    const kept = shopper.cookie().split('=')[1]!;
    await checkout.db.query(
      `UPDATE carts SET updated_at = now() - interval '${ABANDONED_CART_DAYS - 1} days' WHERE id = $1`,
      [kept],
    );
    const ownersCart = await addToCart(checkout.db, null, [bpcHome]);
    await claimCart(checkout.db, ownersCart, `owner-${kind}`);
    await checkout.db.query(`UPDATE carts SET updated_at = now() - interval '400 days' WHERE id = $1`, [
      ownersCart,
    ]);
    await browser().send('post', '/cart/lines', line(bpcHome));
    expect(await cartLines(checkout.db, kept)).toHaveLength(1);
    expect(await cartLines(checkout.db, ownersCart)).toHaveLength(1);
  });

  it('treats a cookie naming no cart as no cart, and never another’s line', async () => {
    const shopper = browser();
    shopper.setCookie('storefront-cart=not-a-cart');
    expect((await shopper.get('/cart')).body.items).toEqual([]);
    shopper.setCookie('storefront-cart=00000000-0000-4000-8000-000000000000');
    expect((await shopper.send('patch', '/cart/lines/bpc-157-10mg', { quantity: 3 })).body.items).toEqual([]);
    const added = await shopper.send('post', '/cart/lines', bpcHome);
    expect(shopper.cookie()).not.toBe('storefront-cart=00000000-0000-4000-8000-000000000000');
    expect(added.body.items).toHaveLength(1);
  });

  it('asks a signed-in shopper for a token before handing them a cart', async () => {
    const res = await browser().send('post', '/cart/owner');
    expect(res.status).toBe(401);
  });

  describe('a signed-in shopper’s cart', () => {
    const lineIds = async (cartId: string) =>
      (await cartLines(checkout.db, cartId)).map((item) => `${item.id}×${item.quantity}`);

    it('becomes theirs on this browser, and on another device takes in that browser’s lines', async () => {
      const laptop = await addToCart(checkout.db, null, [bpcHome]);
      const owned = await claimCart(checkout.db, laptop, 'user-a');
      expect(owned).toBe(laptop);
      const phone = await addToCart(checkout.db, null, [bpcHome, bpcCatalogue]);
      expect(await claimCart(checkout.db, phone, 'user-a')).toBe(laptop);
      expect(await lineIds(laptop)).toEqual(['bpc-157-10mg×2', 'bpc-157-10mg-catalogue×1']);
      expect(await lineIds(phone)).toEqual([]);
    });

    it('never hands one shopper’s cart to another who signs in on the same browser', async () => {
      const shared = await addToCart(checkout.db, null, [bpcHome]);
      await claimCart(checkout.db, shared, 'user-b');
      const theirs = await claimCart(checkout.db, shared, 'user-c');
      expect(theirs).not.toBe(shared);
      expect(await lineIds(theirs)).toEqual([]);
      expect(await lineIds(shared)).toEqual(['bpc-157-10mg×1']);
    });
  });
});
