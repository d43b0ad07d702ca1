import { AUTH_SESSION_STORAGE_KEY, stores, shellOwnedStores, accountOwnedStores } from '@storefront/bus';
import { startAccountSession } from './account-session';

const config = {
  shopName: 'S',
  contactEmail: 'a@b.c',
  contactPhone: '1',
  authUrl: '/api/account',
  authAnonKey: 'k',
};

describe('account session start', () => {
  beforeEach(() => {
    localStorage.clear();
    accountOwnedStores.auth.set({ loading: true, user: null });
    shellOwnedStores.runtimeConfig.set(config);
  });

  it('signs a visitor without a saved session out at once, without loading the account module', async () => {
    const load = jest.fn();
    await startAccountSession(load, localStorage);
    expect(stores.auth.get()).toEqual({ loading: false, user: null, event: null });
    expect(load).not.toHaveBeenCalled();
  });

  it('starts the session for a visitor arriving from a confirmation link, with its session or refusal', async () => {
    for (const hash of [
      '#access_token=a&refresh_token=r&type=signup',
      '#error=access_denied&error_description=x',
    ]) {
      const start = jest.fn();
      await startAccountSession(() => Promise.resolve({ default: start }), localStorage, hash);
      expect(start).toHaveBeenCalledWith(config);
    }
    const load = jest.fn();
    await startAccountSession(load, localStorage, '#compliance');
    expect(load).not.toHaveBeenCalled();
  });

  it('stays signed out, and says why in the console, when the account module cannot be loaded', async () => {
    localStorage.setItem(AUTH_SESSION_STORAGE_KEY, '{}');
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await startAccountSession(
      () => Promise.reject(new Error('Module "account" is unavailable')),
      localStorage,
    );
    expect(stores.auth.get()).toEqual({ loading: false, user: null, event: null });
    expect(errors).toHaveBeenCalledWith('Sign-in is unavailable right now', expect.anything());
    errors.mockRestore();
  });
});
