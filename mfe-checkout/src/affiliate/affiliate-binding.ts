import {
  AFFILIATE_URL_PARAMETERS,
  bus,
  checkoutOwnedStores,
  type AffiliateSource,
  type AffiliateState,
} from '@storefront/bus';
import {
  ApiError,
  affiliateDiscountSchema,
  type AffiliateDiscount,
  normalizeAffiliateCode,
  type AffiliateLookup,
} from '@storefront/commerce';
import { checkoutApi } from '../api';

/** Spec section 9: the saved code and data live under these keys. */
export const AFFILIATE_CODE_KEY = 'affiliate_code';
export const AFFILIATE_DATA_KEY = 'affiliate_data';

export type AffiliateLookupFn = (code: string) => Promise<AffiliateLookup>;

const invalidCode: [string, string] = ['Invalid Code', 'The affiliate code you entered is not valid.'];
// Not in the spec, which trusts a saved code: said when the service no longer knows one.
const withdrawnCode = (code: string): [string, string] => [
  'Affiliate code removed',
  `The affiliate code ${code} is no longer valid, so its discount has been removed.`,
];
const discountApplied = (data: AffiliateDiscount): [string, string] => [
  'Discount Applied!',
  `${data.affiliateName} discount applied successfully.`,
];

/** Spec section 8's toasts, by where the code came from. */
const MESSAGES: Record<
  AffiliateSource,
  { applied(data: AffiliateDiscount): [string, string]; refused: [string, string] }
> = {
  'cart-panel': { applied: discountApplied, refused: invalidCode },
  link: { applied: discountApplied, refused: invalidCode },
  checkout: {
    applied: () => ['Affiliate Code Applied', 'Your discount has been applied to the order.'],
    refused: invalidCode,
  },
  referral: {
    applied: () => ['Affiliate Code Applied!', 'Welcome! Your affiliate discount is now active.'],
    refused: ['Code Issue', 'There was a problem applying the affiliate code.'],
  },
};

/** The saved affiliate, if both keys are present and readable; anything unreadable is removed. */
export function readSavedAffiliate(storage: Storage): AffiliateState {
  try {
    const code = storage.getItem(AFFILIATE_CODE_KEY);
    const raw = storage.getItem(AFFILIATE_DATA_KEY);
    if (code === null && raw === null) return { status: 'none' };
    const data = affiliateDiscountSchema.safeParse(raw === null ? null : JSON.parse(raw));
    if (code && data.success) return { status: 'applied', code, data: data.data };
  } catch {
    // unparseable JSON or blocked storage: fall through and forget it
  }
  forget(storage);
  return { status: 'none' };
}

function forget(storage: Storage) {
  try {
    storage.removeItem(AFFILIATE_CODE_KEY);
    storage.removeItem(AFFILIATE_DATA_KEY);
  } catch {
    // storage blocked: nothing was saved either
  }
}

function save(storage: Storage, code: string, data: AffiliateDiscount) {
  try {
    storage.setItem(AFFILIATE_CODE_KEY, code);
    storage.setItem(AFFILIATE_DATA_KEY, JSON.stringify(data));
  } catch {
    // storage full or blocked: the discount holds for this page only
  }
}

const isCheckoutPath = (pathname: string) =>
  pathname.startsWith('/checkout') || pathname === '/cart-checkout';

/**
 * The code a URL carries (ref, then affiliate, then aff), or null. On checkout pages `ref` counts only
 * while no affiliate is applied (spec section 4); a code already applied is not looked up again.
 */
export function affiliateCodeInUrl(search: string, pathname: string, state: AffiliateState): string | null {
  const params = new URLSearchParams(search);
  // A code being checked (a saved one, as the site loads) counts as active until the service answers.
  const active = state.status === 'applied' || state.status === 'validating';
  for (const name of AFFILIATE_URL_PARAMETERS) {
    const code = normalizeAffiliateCode(params.get(name) ?? '');
    if (!code) continue;
    if (name === 'ref' && isCheckoutPath(pathname) && active) return null;
    if (active && state.code === code) return null;
    return code;
  }
  return null;
}

type LookupAnswer = { data: AffiliateDiscount } | { data: null; refused: boolean };

/** The service's answer for a code: its data, or whether it refused it (a 404) or could not be asked. */
async function ask(lookup: AffiliateLookupFn, code: string): Promise<LookupAnswer> {
  try {
    const { affiliateId, affiliateName, discountRate } = await lookup(code);
    return { data: { affiliateId, affiliateName, discountRate } };
  } catch (error) {
    return { data: null, refused: error instanceof ApiError && error.status === 404 };
  }
}

/**
 * The checkout module owns the affiliate: none → validating → applied (code and data) → cleared. Codes
 * come over the bus and are checked by the checkout service; a refused code leaves what was
 * applied before. A code saved by an earlier visit is shown only once the service confirms it, with the
 * service's data (the browser's copy may be withdrawn or tampered with); until then, and while the
 * service cannot be asked, no discount is shown. (The checkout service checks the code again when an
 * order is placed, so nothing saved in the browser is trusted for a price.)
 */
export function bindAffiliate(
  storage: Storage = window.localStorage,
  lookup: AffiliateLookupFn = checkoutApi.lookupAffiliate,
): () => void {
  // The last settled state (never 'validating'): what a refused code falls back to.
  let settled: AffiliateState = { status: 'none' };
  const settle = (state: AffiliateState) => {
    settled = state;
    checkoutOwnedStores.affiliate.set(state);
  };
  checkoutOwnedStores.affiliate.set(settled);
  let latest = 0;
  /**
   * Asks the service about a code, showing it as being checked meanwhile. Null when a newer attempt (or
   * a clear) has happened during the lookup: that one decides.
   */
  const check = async (code: string): Promise<LookupAnswer | null> => {
    const attempt = ++latest;
    checkoutOwnedStores.affiliate.set({ status: 'validating', code });
    const answer = await ask(lookup, code);
    return attempt === latest ? answer : null;
  };
  const confirm = (code: string, data: AffiliateDiscount) => {
    settle({ status: 'applied', code, data });
    save(storage, code, data);
  };

  const saved = readSavedAffiliate(storage);
  if (saved.status === 'applied') {
    void check(saved.code).then((answer) => {
      if (!answer) return;
      if (answer.data) return confirm(saved.code, answer.data);
      // Unreachable just now: no discount is shown, and the saved code is asked about on the next visit.
      checkoutOwnedStores.affiliate.set(settled);
      if (!answer.refused) return;
      forget(storage);
      const [title, description] = withdrawnCode(saved.code);
      bus.publish('toast/show', { title, description, variant: 'destructive' });
    });
  }
  const refuse = (source: AffiliateSource) => {
    const [title, description] = MESSAGES[source].refused;
    bus.publish('toast/show', { title, description, variant: 'destructive' });
  };
  const applying = bus.on('affiliate/apply').subscribe(async ({ code: raw, source }) => {
    const code = normalizeAffiliateCode(raw);
    // A blank code is refused without a lookup and leaves any lookup under way alone.
    if (!code) return refuse(source);
    const answer = await check(code);
    if (!answer) return;
    // A refused code and a failed lookup both count as 'not valid' (spec section 8).
    if (!answer.data) {
      checkoutOwnedStores.affiliate.set(settled);
      return refuse(source);
    }
    confirm(code, answer.data);
    const [title, description] = MESSAGES[source].applied(answer.data);
    bus.publish('toast/show', { title, description, variant: 'success' });
  });
  const clearing = bus.on('affiliate/clear').subscribe(() => {
    latest++;
    settle({ status: 'cleared' });
    forget(storage);
  });
  return () => {
    applying.unsubscribe();
    clearing.unsubscribe();
  };
}

let bound = false;

/**
 * Binds the affiliate store once per page, in the browser: the first checkout surface shown, or the
 * first address carrying a code, starts it (a saved code is confirmed with the service then).
 */
export function startAffiliateBinding(): void {
  if (bound || typeof window === 'undefined') return;
  bound = true;
  bindAffiliate();
}
