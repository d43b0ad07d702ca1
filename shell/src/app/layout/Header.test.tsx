import { bus, stores, shellOwnedStores } from '@storefront/bus';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInShell } from '../test-utils';
import { Header } from './Header';

const item = {
  productId: 'bpc-157',
  name: 'BPC-157',
  variant: '10mg',
  image: '',
  price: 8500,
  channel: 'storefront',
};

describe('Header', () => {
  afterEach(() => {
    shellOwnedStores.cart.set({ items: [] });
    shellOwnedStores.searchQuery.set('');
  });

  it('offers the spec header: search with its placeholder and hint, cart, account and navigation', () => {
    renderInShell(<Header shopName="Helix Research" />);
    const search = screen.getByRole('searchbox', { name: 'Search products' });
    expect(search).toHaveAttribute('placeholder', 'Search peptides, CAS, formulas');
    expect(screen.getByText('Ctrl K')).toBeInTheDocument();
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(main).getByRole('button', { name: 'Product Catalog' })).toBeDisabled();
    expect(within(main).getByRole('link', { name: 'Compliance' })).toHaveAttribute('href', '#compliance');
    expect(within(main).getByRole('button', { name: 'Certificates' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/auth?tab=sign-up');
    expect(screen.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/auth');
  });

  it('focuses the search box on Ctrl+K and on Cmd+K', () => {
    renderInShell(<Header shopName="Helix Research" />);
    const search = screen.getByRole('searchbox');
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    expect(search).toHaveFocus();
    search.blur();
    fireEvent.keyDown(window, { key: 'K', metaKey: true });
    expect(search).toHaveFocus();
  });

  it('publishes what is typed as the search query', async () => {
    renderInShell(<Header shopName="Helix Research" />);
    await userEvent.type(screen.getByRole('searchbox'), 'BPC');
    expect(stores.searchQuery.get()).toBe('BPC');
  });

  it('shows the cart count as the sum of quantities, and opens the cart on click', async () => {
    renderInShell(<Header shopName="Helix Research" />);
    expect(screen.getByRole('button', { name: 'Open cart, 0 items' })).toBeInTheDocument();
    act(() =>
      shellOwnedStores.cart.set({
        items: [
          { ...item, id: 'bpc-157-10mg', quantity: 2 },
          { ...item, id: 'tb-500-5mg', quantity: 1 },
        ],
      }),
    );
    expect(screen.getByTestId('cart-count')).toHaveTextContent('3');
    const opened = jest.fn();
    const subscription = bus.on('cart/open').subscribe(opened);
    await userEvent.click(screen.getByRole('button', { name: 'Open cart, 3 items' }));
    expect(opened).toHaveBeenCalledTimes(1);
    subscription.unsubscribe();
  });

  // The mobile controls are shown by a media query jsdom does not evaluate (hence `hidden: true`);
  // the e2e suite checks them at a real mobile width.
  it('toggles the mobile menu with its state announced', async () => {
    renderInShell(<Header shopName="Helix Research" />);
    const toggle = screen.getByRole('button', { name: 'Open menu', hidden: true });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu', hidden: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const menu = document.getElementById('mobile-menu')!;
    expect(toggle).toHaveAttribute('aria-controls', 'mobile-menu');
    expect(within(menu).getByText('Sign In')).toHaveAttribute('href', '/auth');
    expect(within(menu).getByText('Create Account')).toHaveAttribute('href', '/auth?tab=sign-up');
    expect(within(menu).getByText('Product Catalog')).toBeDisabled();
  });
});
