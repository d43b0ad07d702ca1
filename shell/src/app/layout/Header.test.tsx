import { bus, seedStores, stores, shellOwnedStores } from '@storefront/bus';
import { EMPTY_CART } from '@storefront/commerce/checkout';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateInShell, renderInShell } from '../test-utils';
import { Header } from './Header';

const item = {
  productId: 'bpc-157',
  name: 'BPC-157',
  variant: '10mg',
  image: '',
  price: 8500,
  channel: 'storefront' as const,
};
const emptyCart = { ...EMPTY_CART, pricing: false };

describe('Header', () => {
  afterEach(() => {
    seedStores({ cart: emptyCart });
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

  it('publishes what is typed as the search query, in a form that gets the home grid without scripts', async () => {
    renderInShell(<Header shopName="Helix Research" />);
    const search = screen.getByRole('searchbox');
    await userEvent.type(search, 'BPC');
    expect(stores.searchQuery.get()).toBe('BPC');
    expect(search).toHaveAttribute('name', 'q');
    expect(search.closest('form')).toHaveAttribute('action', '/');
    expect(search.closest('form')).toHaveAttribute('method', 'get');
  });

  it('keeps what was typed in the search, and a menu opened, before the page hydrated', async () => {
    await hydrateInShell(<Header shopName="Helix Research" />, (page) => {
      page.querySelector<HTMLInputElement>('input[type="search"]')!.value = 'semax';
      page.querySelector('details')!.open = true;
    });
    expect(stores.searchQuery.get()).toBe('semax');
    expect(screen.getByRole('searchbox')).toHaveValue('semax');
    expect(screen.getByRole('button', { name: 'Close menu', hidden: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('shows the cart count as the sum of quantities, and opens the cart on click', async () => {
    renderInShell(<Header shopName="Helix Research" />);
    // A link to this page with its cart open, which the server renders where no script runs.
    expect(screen.getByRole('button', { name: 'Open cart, 0 items' })).toHaveAttribute('href', '/?cart=open');
    act(() =>
      seedStores({
        cart: {
          ...emptyCart,
          items: [
            { ...item, id: 'bpc-157-10mg', quantity: 2 },
            { ...item, id: 'tb-500-5mg', quantity: 1 },
          ],
        },
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
    // A <details> summary: it opens without a script too.
    expect(toggle.tagName).toBe('SUMMARY');
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Close menu', hidden: true })).toHaveAttribute(
        'aria-expanded',
        'true',
      ),
    );
    const menu = document.getElementById('mobile-menu')!;
    expect(toggle).toHaveAttribute('aria-controls', 'mobile-menu');
    expect(within(menu).getByText('Sign In')).toHaveAttribute('href', '/auth');
    expect(within(menu).getByText('Create Account')).toHaveAttribute('href', '/auth?tab=sign-up');
    expect(within(menu).getByText('Product Catalog')).toBeDisabled();
  });
});
