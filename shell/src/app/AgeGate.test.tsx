import { bus, stores, shellOwnedStores } from '@storefront/bus';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AGE_VERIFIED_KEY, bindAgeVerification } from './age-verification';
import { AgeGate } from './AgeGate';
import { renderInShell } from './test-utils';

describe('age gate', () => {
  let unbind: () => void;
  beforeEach(() => {
    localStorage.clear();
    document.cookie = 'ageVerified=; Path=/; Max-Age=0';
    unbind = bindAgeVerification(localStorage);
  });
  afterEach(() => unbind());

  it('starts unverified when the flag is absent', () => {
    expect(stores.ageVerified.get()).toBe(false);
  });

  it('stores the flag on "YES - I am 21+"', async () => {
    renderInShell(<AgeGate />);
    expect(screen.getByRole('dialog', { name: 'Age Verification Required' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'YES - I am 21+' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'YES - I am 21+' }));
    expect(stores.ageVerified.get()).toBe(true);
    expect(localStorage.getItem(AGE_VERIFIED_KEY)).toBe('true');
    // The cookie beside it tells the server: its pages then carry no gate, and forms know the answer.
    expect(document.cookie).toContain('ageVerified=true');
    shellOwnedStores.ageVerified.set(false);
  });

  it('answers with a form the server completes where no script runs', () => {
    renderInShell(<AgeGate />, '/?q=bpc');
    const yes = screen.getByRole('button', { name: 'YES - I am 21+' });
    expect(yes).toHaveAttribute('type', 'submit');
    expect(yes.closest('form')).toHaveAttribute('method', 'post');
    expect(yes.closest('form')).toHaveAttribute('action', '/?q=bpc');
    expect(yes.closest('form')!.querySelector('input[name="_action"]')).toHaveValue('age');
  });

  it('does nothing on "NO - Under 21"', async () => {
    renderInShell(<AgeGate />);
    await userEvent.click(screen.getByRole('button', { name: 'NO - Under 21' }));
    expect(stores.ageVerified.get()).toBe(false);
    expect(localStorage.getItem(AGE_VERIFIED_KEY)).toBeNull();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("records another module's 'age/verified' (a product page's prompt) the same way", () => {
    bus.publish('age/verified');
    expect(stores.ageVerified.get()).toBe(true);
    expect(localStorage.getItem(AGE_VERIFIED_KEY)).toBe('true');
    shellOwnedStores.ageVerified.set(false);
  });

  it('reads the answer from its cookie at start (given where no script ran)', () => {
    unbind();
    document.cookie = 'ageVerified=true; Path=/';
    unbind = bindAgeVerification(localStorage);
    expect(stores.ageVerified.get()).toBe(true);
    expect(localStorage.getItem(AGE_VERIFIED_KEY)).toBe('true');
    shellOwnedStores.ageVerified.set(false);
  });

  it('reads a stored flag at start', () => {
    unbind();
    localStorage.setItem(AGE_VERIFIED_KEY, 'true');
    unbind = bindAgeVerification(localStorage);
    expect(stores.ageVerified.get()).toBe(true);
    shellOwnedStores.ageVerified.set(false);
  });
});
