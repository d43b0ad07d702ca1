import { useLayoutEffect, useRef } from 'react';
import styled from 'styled-components';
import { FOCUSABLE } from './focus-trap';
import { CloseMark } from './button';

export type ToastVariant = 'default' | 'success' | 'destructive';

/** The screen corners for the toasts, in order of preference: the first that covers nothing the shopper is working on. */
export const TOAST_PLACEMENTS = ['bottom right', 'top right', 'bottom left', 'top left'] as const;
export type ToastPlacement = (typeof TOAST_PLACEMENTS)[number];

/** Where a top corner begins (below the site header while it is in sight): set by useToastPlacement. */
export const TOAST_TOP_PROPERTY = '--toast-top';

/** The page's toasts, in the screen corner `$placement` names. */
export const ToastRegion = styled.div.attrs({ role: 'region' })<{ $placement: ToastPlacement }>`
  position: fixed;
  ${({ $placement }) =>
    $placement
      .split(' ')
      .map((edge) => `${edge}: ${edge === 'top' ? `var(${TOAST_TOP_PROPERTY}, 1rem)` : '1rem'};`)
      .join(' ')}
  z-index: 1000;
  display: grid;
  gap: 0.5rem;
  width: min(380px, calc(100vw - 2rem));
`;

/** Toasts inside an open panel, in its flow above its content, so they push it down but never cover it. */
export const PanelToastRegion = styled.div.attrs({ role: 'region' })`
  display: grid;
  gap: 0.5rem;
  padding: 0.75rem 1.25rem 0;
  &:empty {
    display: none;
  }
`;

const ToastCard = styled.div<{ $variant: ToastVariant }>`
  padding: 0.9rem 1rem;
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  background: ${({ theme, $variant }) => ($variant === 'destructive' ? theme.colors.danger : theme.colors.ink)};
  color: ${({ theme }) => theme.colors.onDark};
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 0.25rem 0.75rem;
  strong {
    display: block;
  }
  p {
    margin: 0;
    opacity: 0.9;
    font-size: 0.92rem;
  }
  button {
    background: none;
    border: 0;
    color: inherit;
    cursor: pointer;
    font-size: 1.1rem;
    grid-row: span 2;
  }
`;

export interface ToastProps {
  title: string;
  description?: string;
  variant: ToastVariant;
  /** Without one (a toast the server rendered, before any script runs) it has no dismiss button. */
  onDismiss?(): void;
}

export function Toast({ title, description, variant, onDismiss }: ToastProps) {
  const card = useRef<HTMLDivElement>(null);
  // A toast that goes (dismissed, or faded while its button had focus) must not take the focus with it
  // to the page behind a modal: it moves to the first control of the dialog the toast stood in.
  useLayoutEffect(() => {
    const element = card.current;
    return () => {
      if (!element?.contains(document.activeElement)) return;
      const dialog = element.closest<HTMLElement>('[role="dialog"]');
      const next = [...(dialog?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].find(
        (control) => !element.contains(control),
      );
      next?.focus();
    };
  }, []);
  return (
    <ToastCard ref={card} $variant={variant} role={variant === 'destructive' ? 'alert' : 'status'}>
      <div>
        <strong>{title}</strong>
        {description && <p>{description}</p>}
      </div>
      {onDismiss && (
        <button type="button" aria-label="Dismiss notification" onClick={onDismiss}>
          <CloseMark />
        </button>
      )}
    </ToastCard>
  );
}
