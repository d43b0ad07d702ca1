import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
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
});
