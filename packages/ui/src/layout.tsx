import styled, { css } from 'styled-components';
import { media } from './theme';

export const Container = styled.div`
  width: 100%;
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: 0 1.5rem;
  ${media.mobile} {
    padding: 0 1rem;
  }
`;

export const Card = styled.div`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
  padding: 1.5rem;
`;

export const Badge = styled.span<{ $tone?: 'brand' | 'accent' | 'success' | 'warning' }>`
  display: inline-block;
  padding: 0.2rem 0.65rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: 0.8rem;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.onDark};
  background: ${({ theme, $tone = 'brand' }) =>
    ({
      brand: theme.colors.brand,
      accent: theme.colors.accentStrong,
      success: theme.colors.success,
      warning: theme.colors.warning,
    })[$tone]};
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.inkMuted};
  margin: 0;
`;

/** Small rounded chips, such as a product's research applications. Label the list for screen readers. */
export const TagList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem;
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    padding: 0.2rem 0.6rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.pill};
    /* Outlined on white, so a chip reads as one on a card and on the page background alike. */
    background: ${({ theme }) => theme.colors.surface};
    font-size: 0.82rem;
  }
`;

/** A product's specifications as terms and values (`<dl>`): muted terms, values in the mono face. */
export const specTerms = css`
  dl {
    display: grid;
    grid-template-columns: auto 1fr;
    margin: 0;
  }
  dt {
    color: ${({ theme }) => theme.colors.inkMuted};
  }
  dd {
    margin: 0;
    font-family: ${({ theme }) => theme.fonts.mono};
    overflow-wrap: anywhere;
  }
`;

/** Two equal columns, one on a phone. */
export const twoColumns = (gap: string) => css`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${gap};
  ${media.mobile} {
    grid-template-columns: 1fr;
  }
`;

/** A product's research applications, as tags. */
export function ResearchApplications({ applications }: { applications: readonly string[] }) {
  return (
    <TagList aria-label="Research applications">
      {applications.map((application) => (
        <li key={application}>{application}</li>
      ))}
    </TagList>
  );
}
