import { AUTH_SESSION_STORAGE_KEY, stores } from '@storefront/bus';
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
    stores.auth.set({ loading: true, user: null });
    stores.runtimeConfig.set(config);
  });

  it('signs a visitor without a saved session out at once, without loading the account module', async () => {
    const load = jest.fn();
    await startAccountSession(load, localStorage);
    expect(stores.auth.get()).toEqual({ loading: false, user: null, event: null });
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
