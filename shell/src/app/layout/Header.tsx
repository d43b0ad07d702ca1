import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useLocation } from '@storefront/routing';
import { Menu, X } from 'lucide-react';
import styled from 'styled-components';
import { Container, media } from '@storefront/ui';
import { AccountActions } from './AccountActions';
import { CartButton } from './CartButton';
import { iconBox } from './icon-box';
import { Logo } from './Logo';
import { NavEntries } from './nav-items';
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

/**
 * Sign In and Create Account (signed in: the email and Sign Out). In the top row on a wide screen;
 * narrower (a tablet, a phone held sideways) they would squash the search there, so they stand, a size
 * smaller, at the end of the navigation row below it: one set of controls, placed by CSS alone.
 */
const AccountButtons = styled.div`
  display: contents;
  ${media.narrow} {
    position: absolute;
    right: 1.5rem;
    bottom: 0;
    height: 46px;
    display: flex;
    align-items: center;
    gap: 0.25rem;
    a,
    button {
      min-height: 36px;
      padding: 0.25rem 0.6rem;
      font-size: 0.88rem;
    }
  }
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
    > button,
    > form > button {
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

/** Spec section 2's header, with the compact bar and menu toggle under 768px. */
/** Memoised: it renders again only when its own props or state change. */
export const Header = memo(function Header({ shopName }: { shopName: string }) {
  const [menuOpen, setMenuOpen] = useState(false);
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
            <AccountActions place="icon" />
            <AccountButtons>
              <AccountActions place="buttons" />
            </AccountButtons>
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
                  <AccountActions place="menu" onNavigate={closeMenu} />
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
        <AccountActions place="quick-links" />
      </CompactBar>
    </>
  );
});
