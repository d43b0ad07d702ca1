import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { QuantityStepper } from './quantity-stepper';
import { theme } from './theme';

const stepper = (onChange: (next: number) => void, stepsSubmit = false) => (
  <ThemeProvider theme={theme}>
    <form>
      <QuantityStepper value={1} onChange={onChange} itemName="TB-500 5mg" stepsSubmit={stepsSubmit} />
    </form>
  </ThemeProvider>
);

let hydrated: Root | null = null;

/** The stepper as the server sent it, typed into before its script ran, then hydrated. */
async function typedBeforeHydration(typed: string, onChange: (next: number) => void, stepsSubmit = false) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(stepper(() => undefined, stepsSubmit));
  document.body.replaceChildren(container);
  screen.getByRole<HTMLInputElement>('spinbutton').value = typed;
  await act(async () => void (hydrated = hydrateRoot(container, stepper(onChange, stepsSubmit))));
}

describe('QuantityStepper', () => {
  afterEach(() => {
    act(() => hydrated?.unmount());
    hydrated = null;
    document.body.replaceChildren();
    document.documentElement.removeAttribute('data-scripted');
  });

  it('takes up a quantity typed before the page hydrated', async () => {
    const onChange = jest.fn();
    await typedBeforeHydration('9', onChange);
    expect(onChange).toHaveBeenCalledWith(9);
    expect(screen.getByRole('spinbutton')).toHaveValue(9);
  });

  it('keeps a 0 typed into the cart panel before it hydrated for Enter, which takes the line out', async () => {
    const onChange = jest.fn();
    await typedBeforeHydration('0', onChange, true);
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('spinbutton')).toHaveValue(0);
    fireEvent.keyDown(screen.getByRole('spinbutton'), { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith(0);
  });

  it("commits a quantity typed in the cart panel with Enter, never sending the form's first button (−)", async () => {
    const onChange = jest.fn();
    const submitted = jest.fn((event: React.FormEvent) => event.preventDefault());
    render(
      <ThemeProvider theme={theme}>
        <form onSubmit={submitted}>
          <QuantityStepper value={3} onChange={onChange} itemName="TB-500 5mg" stepsSubmit />
        </form>
      </ThemeProvider>,
    );
    const field = screen.getByRole('spinbutton', { name: 'Quantity of TB-500 5mg' });
    await userEvent.clear(field);
    await userEvent.type(field, '0');
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith(0);
    expect(submitted).not.toHaveBeenCalled();
  });

  /** A stepper at `value`, whose changes are kept as a page would keep them. */
  function Kept({
    start,
    stepsSubmit = false,
    itemName,
    name = 'quantity',
    stepName,
  }: {
    start: number;
    stepsSubmit?: boolean;
    itemName?: string;
    name?: string;
    stepName?: string;
  }) {
    const [value, setValue] = useState(start);
    return (
      <ThemeProvider theme={theme}>
        <form id="cart-line" onSubmit={(event) => event.preventDefault()}>
          <QuantityStepper
            value={value}
            onChange={setValue}
            itemName={itemName}
            name={name}
            stepName={stepName}
            stepsSubmit={stepsSubmit}
          />
        </form>
      </ThemeProvider>
    );
  }

  it('steps one up and one down, never below 1, named for its item where there are several', async () => {
    render(<Kept start={2} itemName="BPC-157 10mg" />);
    // Where no script runs, − and + (worked by a script) are not offered: the field alone is.
    expect(screen.queryByRole('button', { name: /quantity of BPC-157 10mg/ })).not.toBeInTheDocument();
    document.documentElement.setAttribute('data-scripted', '');
    const field = screen.getByRole('spinbutton', { name: 'Quantity of BPC-157 10mg' });
    const decrease = screen.getByRole('button', { name: 'Decrease quantity of BPC-157 10mg' });
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity of BPC-157 10mg' }));
    expect(field).toHaveValue(3);
    await userEvent.click(decrease);
    await userEvent.click(decrease);
    expect(field).toHaveValue(1);
    expect(decrease).toBeDisabled();
    expect(screen.getByRole('group', { name: 'Quantity of BPC-157 10mg' })).toContainElement(field);
    // Worked by the page's script: plain buttons, and no Update.
    expect(decrease).toHaveAttribute('type', 'button');
    expect(screen.queryByRole('button', { name: /Update/ })).not.toBeInTheDocument();
    expect(field).toHaveAttribute('min', '1');
  });

  it('takes a typed whole quantity at once, waits on an emptied field, and never takes 0, a fraction or a sign', async () => {
    document.documentElement.setAttribute('data-scripted', '');
    render(<Kept start={4} />);
    const field = screen.getByRole('spinbutton', { name: 'Quantity' });
    await userEvent.clear(field);
    expect(field).toHaveValue(null);
    await userEvent.type(field, '12');
    expect(field).toHaveValue(12);
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(field).toHaveValue(13);
    for (const typed of ['0', '2.5', '-3']) {
      // Pasted whole: what was typed stays in sight until the field is left; the quantity stays.
      fireEvent.change(field, { target: { value: typed } });
      expect(field).toHaveValue(Number(typed));
      fireEvent.blur(field);
      expect(field).toHaveValue(13);
    }
  });

  it('in the cart panel, − and + send the form with the new quantity, beside an Update for a typed one', () => {
    render(<Kept start={3} stepsSubmit itemName="TB-500 5mg" name="quantity.7" stepName="stepTo.7" />);
    const decrease = screen.getByRole('button', { name: 'Decrease quantity of TB-500 5mg' });
    const increase = screen.getByRole('button', { name: 'Increase quantity of TB-500 5mg' });
    expect(decrease).toHaveAttribute('type', 'submit');
    expect(decrease).toHaveAttribute('name', 'stepTo.7');
    expect(decrease).toHaveAttribute('value', '2');
    expect(increase).toHaveAttribute('value', '4');
    expect(screen.getByRole('button', { name: 'Update quantity of TB-500 5mg' })).toHaveAttribute(
      'type',
      'submit',
    );
    expect(screen.getByRole('spinbutton')).toHaveAttribute('min', '0');
    expect(screen.getByRole('spinbutton')).toHaveAttribute('name', 'quantity.7');
  });

  it('Enter changes nothing when the typed quantity is the one already there, or is not a quantity', async () => {
    const onChange = jest.fn();
    render(
      <ThemeProvider theme={theme}>
        <QuantityStepper value={3} onChange={onChange} stepsSubmit />
      </ThemeProvider>,
    );
    const field = screen.getByRole('spinbutton');
    await userEvent.click(field);
    await userEvent.keyboard('{Enter}');
    await userEvent.clear(field);
    await userEvent.keyboard('{Enter}');
    expect(onChange).not.toHaveBeenCalled();
  });
});
