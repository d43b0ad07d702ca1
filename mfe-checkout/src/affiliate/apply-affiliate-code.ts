import { bus, stores, type AffiliateSource } from '@storefront/bus';
import { normalizeAffiliateCode } from '@storefront/commerce';
import { filter, firstValueFrom, skipWhile } from 'rxjs';
import { startAffiliateBinding } from './affiliate-binding';

/**
 * Asks the affiliate store to apply a code and resolves with whether it was applied, once the store has
 * finished validating it.
 */
export async function applyAffiliateCode(code: string, source: AffiliateSource): Promise<boolean> {
  startAffiliateBinding();
  const wanted = normalizeAffiliateCode(code);
  const settled = firstValueFrom(
    stores.affiliate.state$.pipe(
      skipWhile((state) => state.status !== 'validating' || state.code !== wanted),
      filter((state) => state.status !== 'validating'),
    ),
  );
  if (!bus.publish('affiliate/apply', { code, source }) || !wanted) return false;
  const state = await settled;
  return state.status === 'applied' && state.code === wanted;
}
