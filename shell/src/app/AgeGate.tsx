import { bus, stores } from '@storefront/bus';
import { Button, media } from '@storefront/ui';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: 900;
  display: grid;
  place-items: center;
  padding: 1rem;
  background: ${({ theme }) => theme.colors.overlay};
  ${media.mobile} {
    padding: 0;
  }
`;

const Dialog = styled.div`
  width: min(480px, 100%);
  padding: 2rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  text-align: center;
  h2 {
    color: ${({ theme }) => theme.colors.brand};
    font-size: 1.5rem;
  }
  /* Full-screen variant under 768px. */
  ${media.mobile} {
    width: 100%;
    height: 100%;
    border-radius: 0;
    display: flex;
    flex-direction: column;
    justify-content: center;
  }
`;

const Choices = styled.div`
  display: grid;
  gap: 0.75rem;
  margin-top: 1.5rem;
`;

/**
 * The home page's age gate. While it is open the page behind is dimmed and inert (the shell marks it
 * so). 'NO - Under 21' deliberately does nothing, as the spec says.
 */
export function AgeGate() {
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    confirm.current?.focus();
  }, []);

  const verify = () => {
    stores.ageVerified.set(true);
    bus.publish('age/verified');
  };

  return (
    <Overlay>
      <Dialog
        role="dialog"
        aria-modal="true"
        aria-labelledby="age-gate-title"
        aria-describedby="age-gate-text"
      >
        <h2 id="age-gate-title">Age Verification Required</h2>
        <p id="age-gate-text">
          This site sells research peptides for laboratory use only. You must be 21 years of age or older to
          enter.
        </p>
        <p>
          <strong>Are you 21 years of age or older?</strong>
        </p>
        <Choices>
          <Button ref={confirm} type="button" $block onClick={verify}>
            YES - I am 21+
          </Button>
          <Button type="button" $variant="secondary" $block>
            NO - Under 21
          </Button>
        </Choices>
      </Dialog>
    </Overlay>
  );
}
