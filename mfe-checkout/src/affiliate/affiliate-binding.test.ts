import { bus, stores, type ToastMessage, checkoutOwnedStores } from '@storefront/bus';
import { ApiError } from '@storefront/commerce/api-client';
import { type AffiliateLookup } from '@storefront/commerce/checkout';
import {
  AFFILIATE_CODE_KEY,
  AFFILIATE_DATA_KEY,
  affiliateCodeInUrl,
  bindAffiliate,
  readSavedAffiliate,
} from './affiliate-binding';

// The store's state machine is under test; the checkout service's lookup (exercised for real by the
// browser tests) is replaced by a table of codes, answered at once or when the test chooses.
const CODES: Record<string, AffiliateLookup> = {
  RESEARCH10: {
    code: 'RESEARCH10',
    affiliateId: 'a-1',
    affiliateName: 'Research Partner',
    discountRate: 0.1,
  },
  LAB15: { code: 'LAB15', affiliateId: 'a-2', affiliateName: 'Lab Group', discountRate: 0.15 },
};
const lookups: string[] = [];
const lookup = (code: string) => {
  lookups.push(code);
  const found = CODES[code];
  return found ? Promise.resolve(found) : Promise.reject(new ApiError(404, null));
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const research10 = { affiliateId: 'a-1', affiliateName: 'Research Partner', discountRate: 0.1 };

describe('affiliate store', () => {
  let unbind: () => void;
  let toasts: ToastMessage[];
  let toastSubscription: { unsubscribe(): void };
  beforeEach(() => {
    localStorage.clear();
    document.cookie = 'affiliate_code=; Path=/; Max-Age=0';
    lookups.length = 0;
    toasts = [];
    toastSubscription = bus.on('toast/show').subscribe((t) => toasts.push(t));
  });
  afterEach(() => {
    unbind();
    toastSubscription.unsubscribe();
    checkoutOwnedStores.affiliate.set({ status: 'none' });
  });

  it('takes up a code applied where no script ran (its cookie only), once the service confirms it', async () => {
    document.cookie = 'affiliate_code=LAB15; Path=/';
    unbind = bindAffiliate(localStorage, lookup);
    expect(stores.affiliate.get()).toEqual({ status: 'validating', code: 'LAB15' });
    await settle();
    expect(stores.affiliate.get()).toMatchObject({ status: 'applied', code: 'LAB15' });
    expect(localStorage.getItem(AFFILIATE_CODE_KEY)).toBe('LAB15');
  });

  it('keeps the applied code in a cookie too, for the server, and takes it out with the code', async () => {
    unbind = bindAffiliate(localStorage, lookup);
    bus.publish('affiliate/apply', { code: 'research10' });
    await settle();
    expect(document.cookie).toContain('affiliate_code=RESEARCH10');
    bus.publish('affiliate/clear');
    expect(document.cookie).not.toContain('affiliate_code=RESEARCH10');
  });

  it('goes none → validating → applied, saves the code and data, and says so', async () => {
    unbind = bindAffiliate(localStorage, lookup);
    expect(stores.affiliate.get()).toEqual({ status: 'none' });
    bus.publish('affiliate/apply', { code: '  research10 ' });
    expect(stores.affiliate.get()).toEqual({ status: 'validating', code: 'RESEARCH10' });
    await settle();
    expect(stores.affiliate.get()).toEqual({ status: 'applied', code: 'RESEARCH10', data: research10 });
    expect(lookups).toEqual(['RESEARCH10']);
    expect(localStorage.getItem(AFFILIATE_CODE_KEY)).toBe('RESEARCH10');
    expect(JSON.parse(localStorage.getItem(AFFILIATE_DATA_KEY)!)).toEqual(research10);
    expect(toasts).toEqual([
      {
        title: 'Discount Applied!',
        description: 'Research Partner discount applied successfully.',
        variant: 'success',
        topic: 'affiliate-code',
      },
    ]);
  });

  it('goes back to none with "Invalid Code" when the code is refused', async () => {
    unbind = bindAffiliate(localStorage, lookup);
    bus.publish('affiliate/apply', { code: 'NOPE', source: 'checkout' });
    await settle();
    expect(stores.affiliate.get()).toEqual({ status: 'none' });
    expect(localStorage.getItem(AFFILIATE_CODE_KEY)).toBeNull();
    expect(toasts[0]).toMatchObject({
      title: 'Invalid Code',
      description: 'The affiliate code you entered is not valid.',
    });
  });

  it('keeps the applied code when another one is refused', async () => {
    unbind = bindAffiliate(localStorage, lookup);
    bus.publish('affiliate/apply', { code: 'RESEARCH10' });
    await settle();
    bus.publish('affiliate/apply', { code: 'NOPE' });
    await settle();
    expect(stores.affiliate.get()).toMatchObject({ status: 'applied', code: 'RESEARCH10' });
  });

  it('keeps the applied code when another is refused while a third was still being checked', async () => {
    unbind = bindAffiliate(localStorage, lookup);
    bus.publish('affiliate/apply', { code: 'RESEARCH10' });
    await settle();
    bus.publish('affiliate/apply', { code: 'LAB15' });
    bus.publish('affiliate/apply', { code: 'NOPE' });
    await settle();
    expect(stores.affiliate.get()).toMatchObject({ status: 'applied', code: 'RESEARCH10' });
  });

  it('lets a blank code leave a lookup under way alone', async () => {
    unbind = bindAffiliate(localStorage, lookup);
    bus.publish('affiliate/apply', { code: 'LAB15' });
    bus.publish('affiliate/apply', { code: ' ' });
    await settle();
    expect(stores.affiliate.get()).toMatchObject({ status: 'applied', code: 'LAB15' });
  });

  it('refuses a blank code without a lookup', async () => {
    unbind = bindAffiliate(localStorage, lookup);
    bus.publish('affiliate/apply', { code: '   ' });
    await settle();
    expect(lookups).toEqual([]);
    expect(stores.affiliate.get()).toEqual({ status: 'none' });
    expect(toasts[0]).toMatchObject({ title: 'Invalid Code' });
  });

  it('shows a code another tab applied, and its removal, without asking the service again', async () => {
    unbind = bindAffiliate(localStorage, lookup);
    await settle();
    // What the other tab's save writes: the code, then its data (the event this tab hears last).
    localStorage.setItem(AFFILIATE_CODE_KEY, 'RESEARCH10');
    localStorage.setItem(AFFILIATE_DATA_KEY, JSON.stringify(research10));
    const changed = (newValue: string | null) =>
      window.dispatchEvent(
        new StorageEvent('storage', { key: AFFILIATE_DATA_KEY, newValue, storageArea: localStorage }),
      );
    changed(JSON.stringify(research10));
    expect(stores.affiliate.get()).toEqual({ status: 'applied', code: 'RESEARCH10', data: research10 });
    expect(lookups).toEqual([]);
    expect(toasts).toEqual([]);

    localStorage.removeItem(AFFILIATE_CODE_KEY);
    localStorage.removeItem(AFFILIATE_DATA_KEY);
    changed(null);
    expect(stores.affiliate.get()).toEqual({ status: 'cleared' });
  });

  /** A lookup whose answers the test gives, in the order it chooses. */
  function heldLookup() {
    const waiting = new Map<string, () => void>();
    const held = (code: string) => {
      lookups.push(code);
      return new Promise<AffiliateLookup>((resolve) => waiting.set(code, () => resolve(CODES[code]!)));
    };
    const answer = async (code: string) => {
      waiting.get(code)!();
      await settle();
    };
    return { held, answer };
  }

  it('lets the latest of two quick attempts decide, even when the earlier one is answered last', async () => {
    const { held, answer } = heldLookup();
    unbind = bindAffiliate(localStorage, held);
    bus.publish('affiliate/apply', { code: 'RESEARCH10' });
    bus.publish('affiliate/apply', { code: 'LAB15' });
    await answer('LAB15');
    await answer('RESEARCH10');
    expect(lookups).toEqual(['RESEARCH10', 'LAB15']);
    expect(stores.affiliate.get()).toMatchObject({ status: 'applied', code: 'LAB15' });
    expect(localStorage.getItem(AFFILIATE_CODE_KEY)).toBe('LAB15');
    expect(toasts).toHaveLength(1);
  });

  it('stays cleared when a code is answered after the shopper cleared it', async () => {
    const { held, answer } = heldLookup();
    unbind = bindAffiliate(localStorage, held);
    bus.publish('affiliate/apply', { code: 'LAB15' });
    bus.publish('affiliate/clear');
    await answer('LAB15');
    expect(stores.affiliate.get()).toEqual({ status: 'cleared' });
    expect(localStorage.getItem(AFFILIATE_CODE_KEY)).toBeNull();
    expect(toasts).toEqual([]);
  });

  it('goes applied → cleared and forgets the saved code', async () => {
    unbind = bindAffiliate(localStorage, lookup);
    bus.publish('affiliate/apply', { code: 'RESEARCH10' });
    await settle();
    bus.publish('affiliate/clear');
    expect(stores.affiliate.get()).toEqual({ status: 'cleared' });
    expect(localStorage.getItem(AFFILIATE_CODE_KEY)).toBeNull();
    expect(localStorage.getItem(AFFILIATE_DATA_KEY)).toBeNull();
  });

  it.each([
    ['referral', 'Affiliate Code Applied!', 'Welcome! Your affiliate discount is now active.'],
    ['checkout', 'Affiliate Code Applied', 'Your discount has been applied to the order.'],
    ['link', 'Discount Applied!', 'Research Partner discount applied successfully.'],
  ] as const)('says what spec section 8 says for a %s', async (source, title, description) => {
    unbind = bindAffiliate(localStorage, lookup);
    bus.publish('affiliate/apply', { code: 'RESEARCH10', source });
    await settle();
    expect(toasts).toEqual([{ title, description, variant: 'success', topic: 'affiliate-code' }]);
  });

  it("says 'Code Issue' for a refused referral link", async () => {
    unbind = bindAffiliate(localStorage, lookup);
    bus.publish('affiliate/apply', { code: 'NOPE', source: 'referral' });
    await settle();
    expect(toasts[0]).toMatchObject({
      title: 'Code Issue',
      description: 'There was a problem applying the affiliate code.',
    });
  });

  it("restores a saved affiliate at start once the service confirms it, with the service's data", async () => {
    localStorage.setItem(AFFILIATE_CODE_KEY, 'RESEARCH10');
    localStorage.setItem(AFFILIATE_DATA_KEY, JSON.stringify({ ...research10, discountRate: 0.5 }));
    unbind = bindAffiliate(localStorage, lookup);
    expect(stores.affiliate.get()).toEqual({ status: 'validating', code: 'RESEARCH10' });
    await settle();
    expect(stores.affiliate.get()).toEqual({ status: 'applied', code: 'RESEARCH10', data: research10 });
    expect(JSON.parse(localStorage.getItem(AFFILIATE_DATA_KEY)!)).toEqual(research10);
    expect(toasts).toEqual([]);
  });

  it('drops a saved code the service no longer knows, and says so', async () => {
    localStorage.setItem(AFFILIATE_CODE_KEY, 'WITHDRAWN');
    localStorage.setItem(AFFILIATE_DATA_KEY, JSON.stringify(research10));
    unbind = bindAffiliate(localStorage, lookup);
    await settle();
    expect(stores.affiliate.get()).toEqual({ status: 'none' });
    expect(localStorage.getItem(AFFILIATE_CODE_KEY)).toBeNull();
    expect(toasts).toEqual([
      {
        title: 'Affiliate code removed',
        description: 'The affiliate code WITHDRAWN is no longer valid, so its discount has been removed.',
        variant: 'destructive',
        topic: 'affiliate-code',
      },
    ]);
  });

  it.each([
    ['cannot be asked', 0],
    ['refuses every lookup from this address for a while', 429],
  ])(
    'shows no discount while the service %s, says so, and keeps the code to ask again',
    async (_, status) => {
      localStorage.setItem(AFFILIATE_CODE_KEY, 'RESEARCH10');
      localStorage.setItem(AFFILIATE_DATA_KEY, JSON.stringify(research10));
      unbind = bindAffiliate(localStorage, () => Promise.reject(new ApiError(status, null)));
      await settle();
      expect(stores.affiliate.get()).toEqual({ status: 'none' });
      expect(localStorage.getItem(AFFILIATE_CODE_KEY)).toBe('RESEARCH10');
      expect(toasts).toEqual([
        {
          title: 'Code Issue',
          description: 'There was a problem applying the affiliate code.',
          variant: 'destructive',
          topic: 'affiliate-code',
        },
      ]);
    },
  );

  describe('a code the page was rendered with (the server had the service confirm it)', () => {
    const renderedWith = (code: string) => {
      document.cookie = `affiliate_code=${code}; Path=/`;
      checkoutOwnedStores.affiliate.set({ status: 'applied', code, data: research10 });
    };

    it('stays shown while the service is asked again: the total never loses its discount', async () => {
      renderedWith('RESEARCH10');
      const seen: string[] = [];
      const watching = stores.affiliate.state$.subscribe((state) => seen.push(state.status));
      unbind = bindAffiliate(localStorage, lookup);
      await settle();
      watching.unsubscribe();
      expect(lookups).toEqual(['RESEARCH10']);
      expect(seen.every((status) => status === 'applied')).toBe(true);
      expect(stores.affiliate.get()).toEqual({ status: 'applied', code: 'RESEARCH10', data: research10 });
      expect(toasts).toEqual([]);
    });

    it('stays shown while the service cannot be asked', async () => {
      renderedWith('RESEARCH10');
      unbind = bindAffiliate(localStorage, () => Promise.reject(new ApiError(0, null)));
      await settle();
      expect(stores.affiliate.get()).toMatchObject({ status: 'applied', code: 'RESEARCH10' });
      expect(toasts).toEqual([]);
    });

    it('is dropped, and said so, once the service no longer knows it', async () => {
      renderedWith('WITHDRAWN');
      unbind = bindAffiliate(localStorage, lookup);
      await settle();
      expect(stores.affiliate.get()).toEqual({ status: 'none' });
      expect(document.cookie).not.toContain('affiliate_code=WITHDRAWN');
      expect(toasts.map((toast) => toast.title)).toEqual(['Affiliate code removed']);
    });
  });

  it.each([
    ['RESEARCH10', '{broken'],
    ['RESEARCH10', '{"affiliateName": "x"}'],
    ['RESEARCH10', null],
    [null, JSON.stringify(research10)],
    ['RESEARCH10', JSON.stringify({ ...research10, discountRate: 7 })],
  ])('removes saved values that fail to parse (%s, %s)', (code, data) => {
    if (code !== null) localStorage.setItem(AFFILIATE_CODE_KEY, code);
    if (data !== null) localStorage.setItem(AFFILIATE_DATA_KEY, data);
    expect(readSavedAffiliate(localStorage)).toEqual({ status: 'none' });
    expect(localStorage.getItem(AFFILIATE_CODE_KEY)).toBeNull();
    expect(localStorage.getItem(AFFILIATE_DATA_KEY)).toBeNull();
  });

  it('drops a malformed bus event and leaves the store as it was', () => {
    unbind = bindAffiliate(localStorage, lookup);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(bus.publish('affiliate/apply', { code: 42 } as never)).toBe(false);
    expect(stores.affiliate.get()).toEqual({ status: 'none' });
    expect(lookups).toEqual([]);
    errors.mockRestore();
  });
});

describe('affiliate codes in URLs', () => {
  const applied = { status: 'applied' as const, code: 'RESEARCH10', data: research10 };
  it('reads ref, then affiliate, then aff, trimmed and upper-cased', () => {
    expect(affiliateCodeInUrl('?aff=c&affiliate=b&ref=a', '/', { status: 'none' })).toBe('A');
    expect(affiliateCodeInUrl('?aff=c&affiliate=b', '/', { status: 'none' })).toBe('B');
    expect(affiliateCodeInUrl('?aff=%20lab15%20', '/catalog', { status: 'none' })).toBe('LAB15');
    expect(affiliateCodeInUrl('?q=x', '/', { status: 'none' })).toBeNull();
  });
  it('applies ?ref= on a checkout page only when no affiliate is active', () => {
    expect(affiliateCodeInUrl('?ref=lab15', '/checkout/semax', applied)).toBeNull();
    expect(affiliateCodeInUrl('?ref=lab15', '/cart-checkout', applied)).toBeNull();
    expect(affiliateCodeInUrl('?ref=lab15', '/checkout/semax', { status: 'cleared' })).toBe('LAB15');
    expect(affiliateCodeInUrl('?ref=lab15', '/', applied)).toBe('LAB15');
    // A saved code still being confirmed as the site loads counts as active.
    const confirming = { status: 'validating', code: 'RESEARCH10' } as const;
    expect(affiliateCodeInUrl('?ref=lab15', '/checkout/semax', confirming)).toBeNull();
    expect(affiliateCodeInUrl('?ref=research10', '/', confirming)).toBeNull();
  });
  it('does not look up again the code already applied', () => {
    expect(affiliateCodeInUrl('?ref=research10', '/', applied)).toBeNull();
  });
});
