import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { theme } from './theme';
import { Toast } from './toast';

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
});
