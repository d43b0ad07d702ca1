import { browserStorage, bus, persistedValue, shellOwnedStores } from '@storefront/bus';
import { boolean } from '@storefront/schema';

/** Spec section 4: the home age gate remembers a 'YES' in localStorage under 'ageVerified'. */
export const AGE_VERIFIED_KEY = 'ageVerified';
/** The same answer as a cookie, so the server knows it too (no gate in its HTML, forms without scripts). */
export const AGE_VERIFIED_COOKIE = 'ageVerified';
/** A year: the answer is the visitor's, not the visit's. */
const AGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

/**
 * The Set-Cookie line (or document.cookie assignment) that records a YES, Secure on https: the one
 * spelling for the page's early script, the app and the server's form alike.
 */
export const ageCookie = (secure: boolean) =>
  `${AGE_VERIFIED_COOKIE}=true; Path=/; Max-Age=${AGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;

/** The spec's key: 'true' once answered (blocked storage reads as unanswered, the safe side). */
const savedAnswer = (storage: Storage) => persistedValue(storage, AGE_VERIFIED_KEY, boolean());

function readFlag(storage: Storage, cookies: string): boolean {
  if (cookies.split(';').some((cookie) => cookie.trim() === `${AGE_VERIFIED_COOKIE}=true`)) return true;
  return savedAnswer(storage).read() === true;
}

const { ageVerified } = shellOwnedStores;

/** Where the answer is kept: the spec's storage key and the cookie beside it, in step. */
export interface AgeRecord {
  storage: Storage;
  cookies: { read(): string; write(cookie: string): void };
}

const documentCookies = {
  read: () => document.cookie,
  write: (cookie: string) => {
    document.cookie = cookie;
  },
};

/**
 * Loads the answer into the store (from the cookie or the storage key, whichever the visitor has),
 * records each 'age/verified' any module publishes, and keeps both in step; returns the unsubscribe.
 */
export function bindAgeVerification(
  storage: Storage = browserStorage('localStorage'),
  cookies: AgeRecord['cookies'] = documentCookies,
): () => void {
  ageVerified.set(readFlag(storage, cookies.read()));
  const confirmations = bus.on('age/verified').subscribe(() => ageVerified.set(true));
  const saving = ageVerified.state$.subscribe((verified) => {
    if (!verified) return;
    cookies.write(ageCookie(window.location.protocol === 'https:'));
    // In a private mode without storage, the cookie keeps it.
    savedAnswer(storage).write(true);
  });
  return () => {
    confirmations.unsubscribe();
    saving.unsubscribe();
  };
}
