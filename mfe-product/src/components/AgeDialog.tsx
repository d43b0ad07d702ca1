import { Button, media } from '@storefront/ui';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 900;
  display: grid;
  place-items: center;
  padding: 1rem;
  background: ${({ theme }) => theme.colors.overlay};
`;

const Dialog = styled.div`
  width: min(440px, 100%);
  padding: 2rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  text-align: center;
  h2 {
    color: ${({ theme }) => theme.colors.brand};
  }
  div.choices {
    display: grid;
    gap: 0.75rem;
    margin-top: 1.25rem;
  }
  ${media.mobile} {
    padding: 1.5rem;
  }
`;

/**
 * The product page's age check before adding to the cart or buying (spec section 4). Tab stays inside
 * the dialog and Escape counts as declining.
 */
export function AgeDialog({ onVerified, onDeclined }: { onVerified(): void; onDeclined(): void }) {
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = dialog.current;
    element?.querySelector('button')?.focus();
    const keep = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onDeclined();
      if (event.key !== 'Tab' || !element) return;
      const buttons = [...element.querySelectorAll('button')];
      const [first, last] = [buttons[0], buttons[buttons.length - 1]];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', keep);
    return () => document.removeEventListener('keydown', keep);
  }, [onDeclined]);

  return (
    <Backdrop>
      <Dialog ref={dialog} role="dialog" aria-modal="true" aria-labelledby="product-age-title">
        <h2 id="product-age-title">Age Verification Required</h2>
        <p>
          Research compounds are sold only to adults. Please confirm that you are 21 years of age or older.
        </p>
        <div className="choices">
          <Button type="button" $block onClick={onVerified}>
            YES - I am 21+
          </Button>
          <Button type="button" $block $variant="secondary" onClick={onDeclined}>
            NO - Under 21
          </Button>
        </div>
      </Dialog>
    </Backdrop>
  );
}
