import { Link } from '@storefront/routing';
import styled, { css } from 'styled-components';

const itemStyle = css`
  display: inline-flex;
  align-items: center;
  min-height: 40px;
  padding: 0 0.75rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: none;
  font: inherit;
  font-weight: 600;
  font-size: 0.95rem;
  color: ${({ theme }) => theme.colors.ink};
  text-decoration: none;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
`;

export const NavLink = styled(Link)`
  ${itemStyle}
`;
const NavAnchor = styled.a`
  ${itemStyle}
`;
export const NavButton = styled.button`
  ${itemStyle}
  &:disabled {
    color: ${({ theme }) => theme.colors.inkMuted};
    cursor: not-allowed;
    background: none;
  }
`;

/** Scrolls to the compliance notice in the footer (present on every page). */
function scrollToCompliance(event: React.MouseEvent) {
  event.preventDefault();
  document.getElementById('compliance')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

/** Where a navigation sits: the desktop row, the phone's menu, or the phone's quick links. */
export type NavPlace = 'row' | 'menu' | 'quick-links';

interface NavEntry {
  label: string;
  /** A shorter label where room is short (the quick links). */
  shortLabel?: string;
  /** Home, the compliance notice, or a section not open yet (shown, disabled). */
  goes: 'home' | 'compliance' | 'coming-soon';
  /** Left out of these places. */
  notIn?: NavPlace[];
  /** Said on hover, where the row has room for it. */
  rowTitle?: string;
}

/** Spec section 2's navigation, written once: every navigation of the header shows it. */
const NAV_ENTRIES: NavEntry[] = [
  { label: 'Home', goes: 'home' },
  { label: 'Product Catalog', shortLabel: 'Catalog', goes: 'coming-soon' },
  { label: 'Compliance', goes: 'compliance' },
  {
    label: 'Certificates',
    goes: 'coming-soon',
    notIn: ['quick-links'],
    rowTitle: 'Certificates are coming soon',
  },
];

/**
 * The navigation's entries as `place` shows them. `onNavigate` runs after an entry is followed (the
 * menu closes); in the quick links, Home also scrolls back to the top.
 */
export function NavEntries({
  place,
  pathname,
  onNavigate,
}: {
  place: NavPlace;
  pathname: string;
  onNavigate?: () => void;
}) {
  return NAV_ENTRIES.filter((entry) => !entry.notIn?.includes(place)).map((entry) => {
    const label = place === 'quick-links' ? (entry.shortLabel ?? entry.label) : entry.label;
    if (entry.goes === 'home') {
      const followed = () => {
        onNavigate?.();
        if (place === 'quick-links') window.scrollTo({ top: 0, behavior: 'smooth' });
      };
      return (
        <NavLink
          key={entry.label}
          to="/"
          aria-current={place === 'row' && pathname === '/' ? 'page' : undefined}
          onClick={followed}
        >
          {label}
        </NavLink>
      );
    }
    if (entry.goes === 'compliance') {
      return (
        <NavAnchor
          key={entry.label}
          href="#compliance"
          onClick={(event) => {
            onNavigate?.();
            scrollToCompliance(event);
          }}
        >
          {label}
        </NavAnchor>
      );
    }
    return (
      <NavButton
        key={entry.label}
        type="button"
        disabled
        title={place === 'row' ? entry.rowTitle : undefined}
      >
        {label}
      </NavButton>
    );
  });
}
