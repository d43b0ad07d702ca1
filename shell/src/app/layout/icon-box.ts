import { css } from 'styled-components';

/** The header's square icon controls (cart, account): 44px, the smallest comfortable touch target. */
export const iconBox = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.brand};
`;
