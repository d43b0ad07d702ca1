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
export const NavAnchor = styled.a`
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
export function scrollToCompliance(event: React.MouseEvent) {
  event.preventDefault();
  document.getElementById('compliance')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}
