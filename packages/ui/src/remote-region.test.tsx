import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { RemoteRegion, type ExposedComponent } from './remote-region';
import { theme } from './theme';

const renderInShell = (ui: ReactElement) => render(<ThemeProvider theme={theme}>{ui}</ThemeProvider>);

type Loader = (remote: string, exposed: string, fresh: boolean) => Promise<ExposedComponent>;

describe('RemoteRegion', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('renders the exposed component the loader returns', async () => {
    const load: Loader = jest.fn(async () => ({ default: () => <h1>Refund Policy</h1> }));
    renderInShell(
      <RemoteRegion
        remote="content"
        exposed="RefundPolicyPage"
        label="refund policy"
        loader={{ load, peek: () => undefined }}
      />,
    );
    expect(await screen.findByRole('heading', { name: 'Refund Policy' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('content', 'RefundPolicyPage', false);
  });

  it('shows a plain message with a retry when the remote cannot be loaded, and recovers on retry', async () => {
    const load = jest
      .fn<ReturnType<Loader>, Parameters<Loader>>()
      .mockRejectedValueOnce(new Error('Module "checkout" is unavailable: it is not deployed'))
      .mockResolvedValueOnce({ default: () => <h1>Checkout</h1> });
    renderInShell(
      <RemoteRegion
        remote="checkout"
        exposed="QuickCheckoutPage"
        label="checkout"
        loader={{ load, peek: () => undefined }}
      />,
    );

    expect(await screen.findByRole('alert')).toHaveTextContent('The checkout is unavailable right now.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeInTheDocument();
    expect(load).toHaveBeenLastCalledWith('checkout', 'QuickCheckoutPage', true);
  });

  it('contains a remote that throws while rendering', async () => {
    const Broken = () => {
      throw new Error('render bug');
    };
    const load: Loader = async () => ({ default: Broken });
    renderInShell(
      <>
        <p>Header still here</p>
        <RemoteRegion
          remote="catalog"
          exposed="CatalogPage"
          label="catalogue"
          loader={{ load, peek: () => undefined }}
        />
      </>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The catalogue is unavailable right now.');
    expect(screen.getByText('Header still here')).toBeInTheDocument();
  });

  it('renders a module already loaded at once, without a loading state (server and hydration)', () => {
    const peek = () => ({ default: () => <h1>Catalog</h1> });
    const load = jest.fn<ReturnType<Loader>, Parameters<Loader>>();
    const html = renderToString(
      <ThemeProvider theme={theme}>
        <RemoteRegion remote="catalog" exposed="CatalogPage" label="catalogue" loader={{ load, peek }} />
      </ThemeProvider>,
    );
    expect(html).toContain('<h1>Catalog</h1>');
    expect(html).toContain('data-region="catalog/CatalogPage"');
    expect(load).not.toHaveBeenCalled();
  });

  it('sends a region only the browser can render as its loading state, then renders it in the browser', async () => {
    const peek = () => ({ default: () => <h1>Your cart</h1> });
    const region = (
      <RemoteRegion
        remote="checkout"
        exposed="CartCheckoutPage"
        label="cart"
        render="client"
        loader={{ load: jest.fn(), peek }}
      />
    );
    const html = renderToString(<ThemeProvider theme={theme}>{region}</ThemeProvider>);
    expect(html).toMatch(/role="status"[^>]*>.*Loading .*cart/);
    expect(html).not.toContain('Your cart');

    renderInShell(region);
    expect(await screen.findByRole('heading', { name: 'Your cart' })).toBeInTheDocument();
  });

  describe('further down the page', () => {
    // jsdom has no IntersectionObserver: one that never sees the region come near.
    beforeEach(() => {
      window.IntersectionObserver = class {
        observe() {}
        disconnect() {}
      } as unknown as typeof IntersectionObserver;
    });
    afterEach(() => {
      delete (window as Partial<typeof window>).IntersectionObserver;
    });

    it('is fetched once it comes near, or at once when the shopper first acts on the page', async () => {
      const load: Loader = jest.fn(async () => ({ default: () => <h2>Stay Updated with Research</h2> }));
      renderInShell(
        <RemoteRegion
          remote="content"
          exposed="Newsletter"
          label="newsletter sign-up"
          loadWhen="near-viewport"
          loader={{ load, peek: () => undefined }}
        />,
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(load).not.toHaveBeenCalled();
      await userEvent.keyboard('{Enter}');
      expect(await screen.findByRole('heading', { name: 'Stay Updated with Research' })).toBeInTheDocument();
      expect(load).toHaveBeenCalledTimes(1);
    });
  });
});
