import { bus, type CartAddition, type ToastMessage } from '@storefront/bus';
import type { HomeProduct } from '@storefront/commerce/catalog';
import { theme } from '@storefront/ui';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { ProductGrid } from './ProductGrid';

const peptide = (
  id: string,
  name: string,
  doses: HomeProduct['doses'],
  defaultDose = doses[0]!.dose,
): HomeProduct => ({
  id,
  name,
  description: `${name} for research`,
  applications: ['Cell culture'],
  purity: '99%',
  storage: '-20°C',
  keywords: [],
  defaultDose,
  doses,
  checkoutPath: `/checkout/${id}`,
});

const retatrutide = peptide('retatrutide', 'Retatrutide', [
  { dose: '5mg', price: 9900, image: '/img/reta-5.svg', label: null },
  { dose: '10mg', price: 14000, image: '/img/reta-10.svg', label: 'Save 10%' },
  { dose: '20mg', price: 19900, image: '/img/reta-20.svg', label: 'Save 18%' },
]);
const others = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'].map((letter) =>
  peptide(`p-${letter}`, `Peptide ${letter}`, [
    { dose: '5mg', price: 6000, image: `/img/${letter}.svg`, label: null },
  ]),
);

function renderGrid(products: HomeProduct[], query = '') {
  return render(
    <ThemeProvider theme={theme}>
      <MemoryRouter>
        <ProductGrid products={products} query={query} />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

describe('home product grid', () => {
  it.each([
    [5, 0],
    [6, 1],
    [7, 2],
    [8, 0],
  ])('with %i results shows %i Coming Soon placeholders', (count, placeholders) => {
    renderGrid(others.slice(0, count));
    expect(screen.getAllByTestId('home-product')).toHaveLength(count);
    expect(screen.queryAllByTestId('coming-soon')).toHaveLength(placeholders);
    if (placeholders)
      expect(screen.getAllByTestId('coming-soon')[0]).toHaveTextContent(
        'Coming SoonNew research compound in development',
      );
  });

  it('shows at most 9 products', () => {
    renderGrid(others);
    expect(screen.getAllByTestId('home-product')).toHaveLength(9);
  });

  it('says nothing matched, with suggestions', () => {
    renderGrid(others, '  unobtainium ');
    expect(screen.getByRole('status')).toHaveTextContent('No peptides found matching "unobtainium"');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Try searching for: retatrutide, ghk-cu, igf1-lr3, bpc-157, cjc-1295',
    );
  });

  it('follows the chosen dose with price, picture and checkout', async () => {
    renderGrid([retatrutide]);
    const card = screen.getByTestId('home-product');
    expect(within(card).getByTestId('price')).toHaveTextContent('$99.00');
    expect(within(card).getByRole('radio', { name: /10mg/ }).closest('label')).toHaveTextContent('Save 10%');
    expect(within(card).getByRole('radio', { name: /20mg/ }).closest('label')).toHaveTextContent('Save 18%');

    await userEvent.click(within(card).getByRole('radio', { name: /20mg/ }));
    expect(within(card).getByRole('radio', { name: /20mg/ })).toBeChecked();
    expect(within(card).getByTestId('price')).toHaveTextContent('$199.00');
    expect(within(card).getByRole('img')).toHaveAttribute('src', '/img/reta-20.svg');
    expect(within(card).getByRole('link', { name: 'Buy Now: Retatrutide 20mg' })).toHaveAttribute(
      'href',
      '/checkout/retatrutide?dosage=20mg&quantity=1',
    );
  });

  it('is a form a page without scripts can send: the chosen size, its product and price list', async () => {
    renderGrid([retatrutide]);
    const card = screen.getByTestId('home-product');
    await userEvent.click(within(card).getByRole('radio', { name: /10mg/ }));
    const form = card.querySelector('form')!;
    expect(form).toHaveAttribute('method', 'post');
    const fields = Object.fromEntries(new FormData(form));
    expect(fields).toEqual({
      productId: 'retatrutide',
      channel: 'storefront',
      checkoutPath: '/checkout/retatrutide',
      dose: '10mg',
    });
    expect(within(card).getByRole('button', { name: 'Add to Cart: Retatrutide 10mg' })).toHaveAttribute(
      'value',
      'checkout/cart-add',
    );
    // Spec section 2: the checkout is a link, with or without a script, following the size chosen.
    expect(within(card).getByRole('link', { name: 'Buy Now: Retatrutide 10mg' })).toHaveAttribute(
      'href',
      '/checkout/retatrutide?dosage=10mg&quantity=1',
    );
  });

  it('adds the chosen dose to the cart on the bus, shows Added! for 2 seconds and the toast', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const additions: CartAddition[] = [];
    const toasts: ToastMessage[] = [];
    const subscriptions = [
      bus.on('cart/add').subscribe((a) => additions.push(a)),
      bus.on('toast/show').subscribe((t) => toasts.push(t)),
    ];
    renderGrid([retatrutide]);

    await user.click(screen.getByRole('radio', { name: /10mg/ }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart: Retatrutide 10mg' }));

    expect(additions).toEqual([
      {
        productId: 'retatrutide',
        name: 'Retatrutide',
        variant: '10mg',
        image: '/img/reta-10.svg',
        price: 14000,
        quantity: 1,
        channel: 'storefront',
      },
    ]);
    expect(toasts).toEqual([
      {
        title: 'Added to Cart',
        description: 'Retatrutide - 10mg has been added to your cart.',
        variant: 'default',
      },
    ]);
    expect(screen.getByRole('button', { name: 'Added!' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1999));
    expect(screen.getByRole('button', { name: 'Added!' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Add to Cart: Retatrutide 10mg' })).toBeInTheDocument();

    subscriptions.forEach((s) => s.unsubscribe());
    jest.useRealTimers();
  });
});
