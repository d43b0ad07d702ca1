import { bus, shellOwnedStores } from '@storefront/bus';

/** Spec section 4: the home age gate remembers a 'YES' in localStorage under 'ageVerified'. */
export const AGE_VERIFIED_KEY = 'ageVerified';

function readFlag(storage: Storage): boolean {
  try {
    return storage.getItem(AGE_VERIFIED_KEY) === 'true';
  } catch {
    return false; // storage blocked: ask again, which is the safe side
  }
}

const { ageVerified } = shellOwnedStores;

/**
 * Loads the flag into the store, records each 'age/verified' any module publishes, and persists it;
 * returns the unsubscribe.
 */
export function bindAgeVerification(storage: Storage = window.localStorage): () => void {
  ageVerified.set(readFlag(storage));
  const confirmations = bus.on('age/verified').subscribe(() => ageVerified.set(true));
  const saving = ageVerified.state$.subscribe((verified) => {
    try {
      if (verified) storage.setItem(AGE_VERIFIED_KEY, 'true');
    } catch {
      // private mode without storage: the flag lasts for this page only
    }
  });
  return () => {
    confirmations.unsubscribe();
    saving.unsubscribe();
  };
}
