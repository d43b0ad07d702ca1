import styled, { css } from 'styled-components';

/** A section of the home page below the hero: its padding, and its heading in the brand's colour. */
export const HomeSection = styled.section<{ $padding?: string }>`
  padding: ${({ $padding }) => $padding ?? '4rem 0'};
  h2 {
    font-size: 2rem;
    color: ${({ theme }) => theme.colors.brand};
  }
`;

/** A row of figures (the hero's claims, the quality stats): equal columns, no bullets. */
export const figureRow = (columns: number, marginTop: string) => css`
  list-style: none;
  padding: 0;
  margin: ${marginTop} 0 0;
  display: grid;
  grid-template-columns: repeat(${columns}, minmax(0, 1fr));
  gap: 1rem;
`;
