import { useRef } from 'react';
import styled, { css } from 'styled-components';
import { Button } from './button';
import { useFocusTrap } from './focus-trap';
import { ActionField } from './forms';
import { media } from './theme';

const Overlay = styled.div<{ $fullScreenOnMobile: boolean }>`
  position: fixed;
  inset: 0;
  z-index: 900;
  display: grid;
  place-items: center;
  padding: 1rem;
  background: ${({ theme }) => theme.colors.overlay};
  ${({ $fullScreenOnMobile }) =>
    $fullScreenOnMobile &&
    css`
      ${media.mobile} {
        padding: 0;
      }
    `}
`;

const Dialog = styled.div<{ $fullScreenOnMobile: boolean }>`
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
  .choices {
    display: grid;
    gap: 0.75rem;
    margin-top: 1.5rem;
  }
  ${({ $fullScreenOnMobile }) =>
    $fullScreenOnMobile &&
    css`
      ${media.mobile} {
        width: 100%;
        height: 100%;
        border-radius: 0;
        display: flex;
        flex-direction: column;
        justify-content: center;
      }
    `}
`;

export interface AgeDialogProps {
  children: React.ReactNode;
  onConfirm(): void;
  /** What 'NO - Under 21' does; on the home page it does nothing, as the spec says. */
  onDecline?(): void;
  /**
   * What Escape does: close the question without answering it. Escape is not a "NO" (the home page's
   * gate, which must be answered, leaves it out).
   */
  onDismiss?(): void;
  /** The home gate fills the screen under 768px. */
  fullScreenOnMobile?: boolean;
  /**
   * How 'YES' is answered where no script runs: a form posted to `action` (the page's own address)
   * carrying `name` and `fields`, which the shell's server completes. With scripts, `onConfirm`.
   */
  confirmForm: { action: string; name: string; fields?: Record<string, string> };
  /** Where 'NO' goes where no script runs, if anywhere. */
  declineHref?: string;
  /** Marks the home gate's YES, which the page's early script answers even before the page hydrates. */
  answeredEarly?: boolean;
}

/**
 * The age confirmation ('YES - I am 21+' / 'NO - Under 21') as a modal dialog: it takes focus, keeps
 * Tab inside itself, and dims the page behind.
 */
export function AgeDialog({
  children,
  onConfirm,
  onDecline,
  onDismiss,
  fullScreenOnMobile = false,
  confirmForm,
  declineHref,
  answeredEarly = false,
}: AgeDialogProps) {
  const dialog = useRef<HTMLDivElement>(null);
  useFocusTrap(dialog, onDismiss);

  return (
    <Overlay $fullScreenOnMobile={fullScreenOnMobile}>
      <Dialog
        ref={dialog}
        $fullScreenOnMobile={fullScreenOnMobile}
        role="dialog"
        aria-modal="true"
        aria-labelledby="age-dialog-title"
        {...(answeredEarly ? {} : { 'data-modal': '' })}
      >
        <h2 id="age-dialog-title">Age Verification Required</h2>
        {children}
        <form
          className="choices"
          method="post"
          action={confirmForm.action}
          onSubmit={(event) => {
            event.preventDefault();
            onConfirm();
          }}
        >
          <ActionField name={confirmForm.name} />
          {Object.entries(confirmForm.fields ?? {}).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Button type="submit" $block {...(answeredEarly ? { 'data-age-confirm': '' } : {})}>
            YES - I am 21+
          </Button>
          {declineHref ? (
            <Button
              as="a"
              href={declineHref}
              $variant="secondary"
              $block
              onClick={(event: React.MouseEvent) => {
                event.preventDefault();
                onDecline?.();
              }}
            >
              NO - Under 21
            </Button>
          ) : (
            <Button type="button" $variant="secondary" $block onClick={() => onDecline?.()}>
              NO - Under 21
            </Button>
          )}
        </form>
      </Dialog>
    </Overlay>
  );
}
