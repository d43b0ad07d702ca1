import styled, { css } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'success';

const variants = {
  primary: css`
    background: ${({ theme }) => theme.colors.brand};
    color: ${({ theme }) => theme.colors.onDark};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.brandStrong};
    }
  `,
  secondary: css`
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.brand};
    border-color: ${({ theme }) => theme.colors.border};
    &:hover:not(:disabled) {
      border-color: ${({ theme }) => theme.colors.brand};
    }
  `,
  ghost: css`
    background: transparent;
    color: inherit;
    &:hover:not(:disabled) {
      background: rgba(11, 61, 97, 0.08);
    }
  `,
  success: css`
    background: ${({ theme }) => theme.colors.success};
    color: ${({ theme }) => theme.colors.onDark};
  `,
};

export const Button = styled.button<{ $variant?: ButtonVariant; $block?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  min-height: 44px;
  padding: 0.6rem 1.2rem;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  text-decoration: none;
  transition:
    background 150ms ease,
    border-color 150ms ease;
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  ${({ $variant = 'primary' }) => variants[$variant]}
  /*
   * 'Added!' (spec section 4): green for two seconds. A state of the same button rather than another
   * variant, so no style is made when a shopper taps (a new rule then restyles the whole page, which
   * on a slow phone is most of the tap's time to paint).
   */
  &[data-state='added'] {
    ${variants.success}
  }
  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;

/**
 * The one mark of every control that closes or removes something (a panel, a toast, a code): the
 * control's own label says what it closes, so the mark is hidden from assistive technology.
 */
export function CloseMark() {
  return <span aria-hidden="true">✕</span>;
}
