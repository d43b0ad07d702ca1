import { Link } from '@storefront/routing';
import { Button, keepsEarlyTapOf } from '@storefront/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { iconBox } from './icon-box';
import type { SiteLink } from './site-links';
import { useEscapeToClose } from './use-escape';

const accountTap = keepsEarlyTapOf('account-menu');

const Anchor = styled.div`
  position: relative;
`;

const Toggle = styled.button`
  ${iconBox}
  background: ${({ theme }) => theme.colors.surface};
  cursor: pointer;
`;

const Popover = styled.div`
  position: absolute;
  right: 0;
  top: calc(100% + 0.5rem);
  z-index: 60;
  display: grid;
  gap: 0.75rem;
  width: min(18rem, calc(100vw - 2rem));
  padding: 1rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
  a {
    font-weight: 600;
    color: ${({ theme }) => theme.colors.brand};
  }
`;

/**
 * The account control of a signed-in researcher: which account is signed in, the pages modules place
 * in it (the affiliate program's), and Sign Out. (Signed out, the header shows a link to /auth
 * instead.) Escape, a click elsewhere or following one of its links closes it.
 */
export function AccountMenu({
  email,
  icon,
  links,
  onSignOut,
}: {
  email: string;
  icon: React.ReactNode;
  links: readonly SiteLink[];
  onSignOut(): void;
}) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const popoverIsShown = useCallback(() => popover.current !== null, []);
  useEscapeToClose(popoverIsShown, close, toggle);
  useEffect(() => {
    if (!open) return;
    const closeOnPointerElsewhere = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!popover.current?.contains(target) && !toggle.current?.contains(target)) close();
    };
    document.addEventListener('pointerdown', closeOnPointerElsewhere);
    return () => document.removeEventListener('pointerdown', closeOnPointerElsewhere);
  }, [open, close]);

  return (
    <Anchor>
      <Toggle
        // A tap before the page hydrated (a page the server rendered signed in) opens it once it has,
        // even if the header drew the menu anew as the session settled.
        data-replay={accountTap['data-replay']}
        ref={(element) => {
          toggle.current = element;
          accountTap.ref(element);
        }}
        type="button"
        aria-label="Account"
        aria-expanded={open}
        aria-controls="account-menu"
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        {icon}
      </Toggle>
      {open && (
        <Popover ref={popover} id="account-menu" role="group" aria-label="Account">
          <p>
            Signed in as <strong data-testid="account-email">{email}</strong>
          </p>
          {links.map((link) => (
            <Link key={link.href} to={link.href} onClick={close}>
              {link.label}
            </Link>
          ))}
          <Button
            type="button"
            $variant="secondary"
            onClick={() => {
              close();
              onSignOut();
            }}
          >
            Sign Out
          </Button>
        </Popover>
      )}
    </Anchor>
  );
}
