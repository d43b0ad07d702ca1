import { stores, useStore, type AffiliateState } from '@storefront/bus';
import { useEffect } from 'react';
import { startAffiliateBinding } from './affiliate-binding';

/** The affiliate state, for a checkout surface; showing one starts the binding (after hydrating). */
export function useAffiliate(): AffiliateState {
  useEffect(startAffiliateBinding, []);
  return useStore(stores.affiliate);
}
