import { bus, stores, useStore } from '@storefront/bus';
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Link, useLocation } from '@storefront/routing';
import { Menu, User, X } from 'lucide-react';
import styled from 'styled-components';
import { Button, Container, media } from '@storefront/ui';
import { AccountMenu } from './AccountMenu';
import { CartButton } from './CartButton';
import { iconBox } from './icon-box';
import { Logo } from './Logo';
import { NavButton, NavEntries, NavLink } from './nav-items';
import { SearchBox } from './SearchBox';
import { useEscapeToClose } from './use-escape';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 50;
  background: rgba(255, 255, 255, 0.97);
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  backdrop-filter: blur(6px);
`;

const TopRow = styled(Container)`
  display: flex;
  align-items: center;
  gap: 1rem;
  min-height: 68px;
  ${media.mobile} {
    flex-wrap: wrap;
    gap: 0.6rem;
    padding-top: 0.5rem;
    padding-bottom: 0.5rem;
  }
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  margin-left: auto;
  ${media.mobile} {
    gap: 0.35rem;
  }
`;

const DesktopOnly = styled.div`
  display: contents;
  ${media.mobile} {
    display: none;
  }
`;

const MobileOnly = styled.div`
  display: none;
  ${media.mobile} {
    display: contents;
  }
`;

/** One search box: beside the logo on desktop, a full-width row of its own on mobile. */
const SearchSlot = styled.div`
  display: flex;
  flex: 1;
  ${media.mobile} {
    flex-basis: 100%;
    order: 3;
  }
`;

const NavRow = styled.nav`
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  ${media.mobile} {
    display: none;
  }
`;

const NavInner = styled(Container)`
  display: flex;
  align-items: center;
  gap: 0.25rem;
  min-height: 46px;
`;

const CompactBar = styled.nav`
  display: none;
  ${media.mobile} {
    display: flex;
    justify-content: space-around;
    background: ${({ theme }) => theme.colors.surface};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    > a,
    > button {
      white-space: nowrap;
      padding-inline: 0.5rem;
    }
  }
`;

/** Over the page below the header, full width: the menu of a <details> the toggle opens. */
const MenuPanel = styled.nav`
  display: none;
  ${media.mobile} {
    position: absolute;
    top: 100%;
    left: 0;
    right: 0;
    display: grid;
    gap: 0.25rem;
    padding: 0.5rem 1rem 1rem;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    box-shadow: ${({ theme }) => theme.shadows.raised};
  }
`;

const IconLink = styled(Link)`
  ${iconBox}
`;

/** Same size as the cart and account controls, so logo and all three fit one row at 375px. */
const MenuToggle = styled.summary`
  ${iconBox}
  background: ${({ theme }) => theme.colors.surface};
  cursor: pointer;
  list-style: none;
  &::-webkit-details-marker {
    display: none;
  }
`;

const AccountIcon = () => <User size={20} aria-hidden="true" />;

const SignedInAs = styled.span`
  max-width: 14rem;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.brand};
`;

/**
 * Publishes the sticky header's height to the page (--sticky-header-height), whose scroll padding keeps
 * what is scrolled to or focused (a field the shopper must fill) from stopping under the header.
 */
function useStickyHeightOnPage(bar: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = bar.current;
    // Without ResizeObserver (an old browser, jsdom) the page keeps its default scroll padding.
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--sticky-header-height', `${element.offsetHeight}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--sticky-header-height');
    };
  }, [bar]);
}

/** 'Create Account' opens /auth on its Sign Up tab. */
const SIGN_UP_PATH = '/auth?tab=sign-up';

/** Spec section 2's header, with the compact bar and menu toggle under 768px. */
/** Memoised: it renders again only when its own props or state change. */
export const Header = memo(function Header({ shopName }: { shopName: string }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const { user } = useStore(stores.auth);
  const signOut = () => bus.publish('auth/sign-out');
  const { pathname } = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  // Closed on the page as well: the <details> may be open while the state has not heard of it yet.
  const closeMenu = useCallback(() => {
    if (menu.current) menu.current.open = false;
    setMenuOpen(false);
  }, []);
  const menuToggle = useRef<HTMLElement>(null);
  // The <details> is the truth: it opens on a tap before React has heard of it.
  const menuIsOpen = useCallback(() => menu.current?.open ?? false, []);
  useEscapeToClose(menuIsOpen, closeMenu, menuToggle);
  // The menu is a <details>: it opens without a script, and a tap before the page hydrated is kept.
  useLayoutEffect(() => {
    if (menu.current?.open) setMenuOpen(true);
  }, []);
  const bar = useRef<HTMLElement>(null);
  useStickyHeightOnPage(bar);

  return (
    <>
      <Bar ref={bar}>
        <TopRow>
          <Logo shopName={shopName} />
          <SearchSlot>
            <SearchBox />
          </SearchSlot>
          <Actions>
            <CartButton />
            {user ? (
              <AccountMenu email={user.email} icon={<AccountIcon />} onSignOut={signOut} />
            ) : (
              <IconLink to="/auth" aria-label="Account">
                <AccountIcon />
              </IconLink>
            )}
            <DesktopOnly>
              {user ? (
                <>
                  <SignedInAs data-testid="signed-in-as" title={user.email}>
                    {user.email}
                  </SignedInAs>
                  <Button type="button" $variant="secondary" onClick={signOut}>
                    Sign Out
                  </Button>
                </>
              ) : (
                <>
                  <Button as={Link} to="/auth" $variant="secondary">
                    Sign In
                  </Button>
                  <Button as={Link} to={SIGN_UP_PATH}>
                    Create Account
                  </Button>
                </>
              )}
            </DesktopOnly>
            <MobileOnly>
              <details ref={menu} open={menuOpen} onToggle={(event) => setMenuOpen(event.currentTarget.open)}>
                <MenuToggle
                  ref={menuToggle}
                  role="button"
                  aria-expanded={menuOpen}
                  aria-controls="mobile-menu"
                  aria-label={menuOpen ? 'Close menu' : 'Open menu'}
                >
                  {menuOpen ? <X size={22} aria-hidden="true" /> : <Menu size={22} aria-hidden="true" />}
                </MenuToggle>
                <MenuPanel id="mobile-menu" aria-label="Menu">
                  <NavEntries place="menu" pathname={pathname} onNavigate={closeMenu} />
                  {user ? (
                    <NavButton type="button" onClick={() => (closeMenu(), signOut())}>
                      Sign Out ({user.email})
                    </NavButton>
                  ) : (
                    <>
                      <NavLink to="/auth" onClick={closeMenu}>
                        Sign In
                      </NavLink>
                      <NavLink to={SIGN_UP_PATH} onClick={closeMenu}>
                        Create Account
                      </NavLink>
                    </>
                  )}
                </MenuPanel>
              </details>
            </MobileOnly>
          </Actions>
        </TopRow>

        <NavRow aria-label="Main">
          <NavInner>
            <NavEntries place="row" pathname={pathname} />
          </NavInner>
        </NavRow>
      </Bar>
      {/* Below the sticky part: on a phone the quick links scroll away, leaving the screen to the page. */}
      <CompactBar aria-label="Quick links">
        <NavEntries place="quick-links" pathname={pathname} />
        {user ? (
          <NavButton type="button" onClick={signOut}>
            Sign Out
          </NavButton>
        ) : (
          <NavLink to="/auth">Sign In</NavLink>
        )}
      </CompactBar>
    </>
  );
});
