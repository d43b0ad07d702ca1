import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { theme } from './theme';
import { TOAST_PLACEMENTS, Toast, ToastRegion } from './toast';

/** A modal dialog holding a toast, as the cart panel holds the shell's toasts while it is open. */
function DialogWithToast() {
  const [shown, setShown] = useState(true);
  return (
    <div role="dialog" aria-label="Shopping cart">
      <button type="button">Close cart</button>
      {shown && <Toast title="Added to Cart" variant="success" onDismiss={() => setShown(false)} />}
    </div>
  );
}

describe('Toast', () => {
  it('hands the focus back to its dialog when it goes, never to the page behind', async () => {
    render(
      <ThemeProvider theme={theme}>
        <DialogWithToast />
      </ThemeProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Added to Cart')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close cart' })).toHaveFocus();
  });

  it('is an alert when something went wrong, a status otherwise, and says its description only when it has one', () => {
    render(
      <ThemeProvider theme={theme}>
        <Toast
          title="Missing Information"
          description="Please fill in all required fields."
          variant="destructive"
        />
        <Toast title="Added to Cart" variant="success" />
      </ThemeProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Missing InformationPlease fill in all required fields.',
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(/^Added to Cart$/);
    expect(status.querySelector('p')).toBeNull();
    // Shown where no script can dismiss it: no button to press.
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('ToastRegion', () => {
  /** The CSS rules styled-components wrote for an element's own class. */
  const rulesOf = (element: Element) =>
    [...document.querySelectorAll('style')]
      .map((style) => style.textContent ?? '')
      .join('\n')
      .split('}')
      .filter((rule) => [...element.classList].some((name) => rule.includes(`.${name}{`)))
      .join('}');

  it.each(TOAST_PLACEMENTS)(
    'stands in the %s corner, a top one where the placement says it begins',
    (placement) => {
      render(<ToastRegion $placement={placement} aria-label="Notifications" />);
      const rules = rulesOf(screen.getByRole('region', { name: 'Notifications' }));
      const [vertical, horizontal] = placement.split(' ');
      expect(rules).toContain(vertical === 'top' ? 'top:var(--toast-top, 1rem);' : 'bottom:1rem;');
      expect(rules).toContain(`${horizontal}:1rem;`);
      expect(rules).not.toContain(vertical === 'top' ? 'bottom:' : 'top:');
    },
  );
});
