import { useRef, type ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { useFocusTrap } from './focus-trap';

const slideIn = keyframes`
  from { transform: translateX(100%); }
  to { transform: translateX(0); }
`;

const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 800;
  background: ${({ theme }) => theme.colors.overlay};
  animation: ${fadeIn} 200ms ease-out;
`;

const Panel = styled.div`
  position: fixed;
  top: 0;
  right: 0;
  bottom: 0;
  z-index: 801;
  width: min(420px, 100vw);
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  animation: ${slideIn} 250ms ease-out;
  outline: none;
  /* Taller than the screen (a long cart, a phone held sideways, a zoomed page), the panel scrolls, and
     only the panel: its own content keeps what must stay in reach (the cart's total and Proceed). */
  overflow-y: auto;
  overscroll-behavior: contain;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

export interface DrawerProps {
  label: string;
  onClose(): void;
  /**
   * The page without the drawer: a click on the dimmed page goes there where no script runs, and so does
   * Escape before the page has hydrated.
   */
  closeHref: string;
  children: ReactNode;
}

/**
 * A modal panel that slides in from the right: focus is trapped inside, Escape or a click on the dimmed
 * page closes it, and focus returns to what opened it.
 */
export function Drawer({ label, onClose, closeHref, children }: DrawerProps) {
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, onClose);
  return (
    <>
      <Backdrop
        as="a"
        href={closeHref}
        aria-hidden="true"
        tabIndex={-1}
        data-testid="drawer-backdrop"
        // Escape, before the page has hydrated: the early script follows this link (document.ts).
        data-escape=""
        onClick={(event: React.MouseEvent) => {
          event.preventDefault();
          onClose();
        }}
      />
      <Panel ref={panel} role="dialog" aria-modal="true" aria-label={label} tabIndex={-1} data-modal="">
        {children}
      </Panel>
    </>
  );
}
