import { Link } from '@storefront/routing';
import { media } from '@storefront/ui';
import styled from 'styled-components';

const Brand = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 0.6rem;
  color: ${({ theme }) => theme.colors.brand};
  text-decoration: none;
  font-weight: 800;
  font-size: 1.15rem;
  letter-spacing: -0.01em;
  white-space: nowrap;
  small {
    display: block;
    font-size: 0.7rem;
    font-weight: 600;
    color: ${({ theme }) => theme.colors.accentStrong};
    letter-spacing: 0.08em;
  }
  /* Under 768px the tagline gives way to the header's buttons (after the rule above, so it wins). */
  ${media.mobile} {
    font-size: 1rem;
    small {
      display: none;
    }
  }
`;
export function Logo({ shopName }: { shopName: string }) {
  return (
    <Brand to="/" aria-label={`${shopName} home`}>
      <svg width="34" height="34" viewBox="0 0 34 34" aria-hidden="true">
        <path d="M17 2 30 9.5v15L17 32 4 24.5v-15Z" fill="#0b3d61" />
        <path
          d="M11 11c4 3 8 3 12 0M11 23c4-3 8-3 12 0M12 11v12M22 11v12"
          stroke="#5eead4"
          strokeWidth="2"
          fill="none"
          strokeLinecap="round"
        />
      </svg>
      <span>
        {shopName}
        <small>RESEARCH PEPTIDES</small>
      </span>
    </Brand>
  );
}
