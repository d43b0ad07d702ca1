import {
  browserStorage,
  bus,
  checkoutOwnedStores,
  persistedValue,
  type AffiliateSource,
  type AffiliateState,
} from '@storefront/bus';
import { AFFILIATE_MESSAGES } from './affiliate-messages';
import { ApiError } from '@storefront/commerce/api-client';
import {
  affiliateDiscountSchema,
  type AffiliateDiscount,
  type AffiliateLookup,
} from '@storefront/commerce/checkout';
import { normalizeAffiliateCode } from '@storefront/commerce';
import { EMPTY, filter, from, fromEvent, map, merge, of, switchMap, tap } from 'rxjs';
import { checkoutApi } from '../api';
import {
  AFFILIATE_CODE_COOKIE,
  AFFILIATE_COOKIE_MAX_AGE_SECONDS,
  AFFILIATE_URL_PARAMETERS,
} from './affiliate-cookie';

/** Spec section 9: the saved code and data live under these keys. */
export const AFFILIATE_CODE_KEY = 'affiliate_code';
export const AFFILIATE_DATA_KEY = 'affiliate_data';

export type AffiliateLookupFn = (code: string) => Promise<AffiliateLookup>;

type Message = { title: string; description: string };

// Not in the spec, which trusts a saved code: said when the service no longer knows one.
const withdrawnCode = (code: string): Message => ({
  title: 'Affiliate code removed',
  description: `The affiliate code ${code} is no longer valid, so its discount has been removed.`,
});
const discountApplied = (data: AffiliateDiscount) => AFFILIATE_MESSAGES.discountApplied(data.affiliateName);

/** The affiliate code's toasts replace one another: an 'Invalid Code' is stale once a code applies. */
const TOAST_TOPIC = 'affiliate-code';

/** Spec section 8's toasts, by where the code came from. */
const MESSAGES: Record<AffiliateSource, { applied(data: AffiliateDiscount): Message; refused: Message }> = {
  'cart-panel': { applied: discountApplied, refused: AFFILIATE_MESSAGES.invalid },
  link: { applied: discountApplied, refused: AFFILIATE_MESSAGES.invalid },
  checkout: { applied: () => AFFILIATE_MESSAGES.checkoutApplied, refused: AFFILIATE_MESSAGES.invalid },
  referral: { applied: () => AFFILIATE_MESSAGES.referralApplied, refused: AFFILIATE_MESSAGES.referralFailed },
};

/** The spec's two keys: the code as it is, and its discount as JSON. */
const savedAffiliate = (storage: Storage) => ({
  code: persistedValue(storage, AFFILIATE_CODE_KEY),
  data: persistedValue(storage, AFFILIATE_DATA_KEY, affiliateDiscountSchema),
});

/** The saved affiliate, if both keys are present and readable; anything unreadable is removed. */
export function readSavedAffiliate(storage: Storage): AffiliateState {
  const saved = savedAffiliate(storage);
  if (!saved.code.present() && !saved.data.present()) return { status: 'none' };
  const code = saved.code.read();
  const data = saved.data.read();
  if (code && data) return { status: 'applied', code, data };
  forget(storage);
  return { status: 'none' };
}

/**
 * The applied code as a cookie too, beside the spec's storage keys: this module's server actions price
 * a cart and an order sent without scripts with it, and apply one themselves (an Apply sent without
 * scripts), which this binding then takes up.
 */
export const affiliateCookie = {
  read(): string | null {
    if (typeof document === 'undefined') return null;
    for (const cookie of document.cookie.split(';')) {
      const [name, value = ''] = cookie.trim().split('=');
      if (name === AFFILIATE_CODE_COOKIE) return normalizeAffiliateCode(decodeURIComponent(value)) || null;
    }
    return null;
  },
  write(code: string | null): void {
    if (typeof document === 'undefined') return;
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${AFFILIATE_CODE_COOKIE}=${encodeURIComponent(code ?? '')}; Path=/; Max-Age=${
      code ? AFFILIATE_COOKIE_MAX_AGE_SECONDS : 0
    }; SameSite=Lax${secure}`;
  },
};

function forget(storage: Storage) {
  affiliateCookie.write(null);
  const saved = savedAffiliate(storage);
  saved.code.write(null);
  saved.data.write(null);
}

function save(storage: Storage, code: string, data: AffiliateDiscount) {
  // Storage full or blocked: the cookie keeps the discount.
  affiliateCookie.write(code);
  const saved = savedAffiliate(storage);
  saved.code.write(code);
  saved.data.write(data);
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
 * service cannot be asked, no discount is shown. A code the page was rendered with stays shown while it
 * is asked about again: the server had the service confirm it for this very page, and a discount that
 * vanished and came back would change the total under the shopper's eyes. (The checkout service checks
 * the code again when an order is placed, so nothing saved in the browser is trusted for a price.)
 */
export function bindAffiliate(
  storage: Storage = browserStorage('localStorage'),
  lookup: AffiliateLookupFn = checkoutApi.lookupAffiliate,
): () => void {
  const rendered = checkoutOwnedStores.affiliate.get();
  // The last settled state (never 'validating'): what a refused code falls back to.
  let settled: AffiliateState = rendered.status === 'applied' ? rendered : { status: 'none' };
  const settle = (state: AffiliateState) => {
    settled = state;
    checkoutOwnedStores.affiliate.set(state);
  };
  checkoutOwnedStores.affiliate.set(settled);
  const confirm = (code: string, data: AffiliateDiscount) => {
    settle({ status: 'applied', code, data });
    save(storage, code, data);
  };
  const refuse = (source: AffiliateSource) => {
    bus.publish('toast/show', { ...MESSAGES[source].refused, variant: 'destructive', topic: TOAST_TOPIC });
  };

  /** What the service's answer about a code saved by an earlier visit (or in the cookie) does. */
  const concludeSaved = (code: string, answer: LookupAnswer) => {
    if (answer.data) return confirm(code, answer.data);
    // Unreachable just now (or every lookup from this address refused for a while): the page keeps what
    // it was rendered with (no discount for a code only the browser saved), and the saved code is asked
    // about on the next visit. A discount the shopper holds but this page does not show is never dropped
    // in silence: they are told (the spec's words for a code that could not be applied).
    if (!answer.refused) {
      checkoutOwnedStores.affiliate.set(settled);
      if (settled.status !== 'applied' || settled.code !== code)
        bus.publish('toast/show', {
          ...AFFILIATE_MESSAGES.referralFailed,
          variant: 'destructive',
          topic: TOAST_TOPIC,
        });
      return;
    }
    settle({ status: 'none' });
    forget(storage);
    bus.publish('toast/show', { ...withdrawnCode(code), variant: 'destructive', topic: TOAST_TOPIC });
  };
  /** What the service's answer about a code the shopper applied does. */
  const concludeApplied = (code: string, source: AffiliateSource, answer: LookupAnswer) => {
    // A refused code and a failed lookup both count as 'not valid' (spec section 8).
    if (!answer.data) {
      checkoutOwnedStores.affiliate.set(settled);
      return refuse(source);
    }
    confirm(code, answer.data);
    bus.publish('toast/show', {
      ...MESSAGES[source].applied(answer.data),
      variant: 'success',
      topic: TOAST_TOPIC,
    });
  };

  // A code applied where no script ran is in the cookie only: it is confirmed like a saved one.
  const fromStorage = readSavedAffiliate(storage);
  const cookieCode = affiliateCookie.read();
  const savedCode = fromStorage.status === 'applied' ? fromStorage.code : cookieCode;

  const applied = bus.on('affiliate/apply').pipe(
    map(({ code, source }) => ({ code: normalizeAffiliateCode(code), source })),
    // A blank code is refused without a lookup and leaves any lookup under way alone.
    tap(({ code, source }) => {
      if (!code) refuse(source);
    }),
    filter(({ code }) => code !== ''),
  );
  /** Each attempt shows its code as being checked and asks the service; a newer attempt or a clear
   * drops the answer of the one before it (switchMap), so the latest always decides. */
  const attempt = (code: string, conclude: (answer: LookupAnswer) => void) => {
    const shown = checkoutOwnedStores.affiliate.get();
    if (shown.status !== 'applied' || shown.code !== code)
      checkoutOwnedStores.affiliate.set({ status: 'validating', code });
    return from(ask(lookup, code)).pipe(map((answer) => () => conclude(answer)));
  };
  const clear = () => {
    settle({ status: 'cleared' });
    forget(storage);
  };
  const outcomes = merge(
    savedCode ? of({ code: savedCode, source: null }) : EMPTY,
    applied,
    bus.on('affiliate/clear').pipe(map(() => null)),
  )
    .pipe(
      switchMap((next) => {
        if (next === null) return of(clear);
        const { code, source } = next;
        return attempt(code, (answer) =>
          source === null ? concludeSaved(code, answer) : concludeApplied(code, source, answer),
        );
      }),
    )
    .subscribe((outcome) => outcome());
  // Another tab applied or removed a code (having asked the service): this one shows the same. Both
  // save and forget write the data last, so its change is the one that finds the pair complete.
  const otherTabs = fromEvent<StorageEvent>(window, 'storage')
    .pipe(filter((event) => event.storageArea === storage && event.key === AFFILIATE_DATA_KEY))
    .subscribe(() => {
      const saved = savedAffiliate(storage);
      const code = saved.code.read();
      const data = saved.data.read();
      settle(code && data ? { status: 'applied', code, data } : { status: 'cleared' });
    });
  return () => {
    outcomes.unsubscribe();
    otherTabs.unsubscribe();
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
