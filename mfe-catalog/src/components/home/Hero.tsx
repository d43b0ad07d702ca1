import { Button, Container, media } from '@storefront/ui';
import styled from 'styled-components';
import { figureRow } from './home-section';

const Section = styled.section`
  padding: 4.5rem 0 4rem;
  background:
    radial-gradient(circle at 85% 20%, rgba(14, 159, 142, 0.16), transparent 45%),
    linear-gradient(160deg, ${({ theme }) => theme.colors.surface}, ${({ theme }) => theme.colors.surfaceAlt});
  h1 {
    font-size: clamp(2.1rem, 5vw, 3.3rem);
    color: ${({ theme }) => theme.colors.brand};
    max-width: 17ch;
  }
  p.lead {
    max-width: 58ch;
    font-size: 1.15rem;
    color: ${({ theme }) => theme.colors.inkMuted};
    margin: 0 0 1.75rem;
  }
  ${media.mobile} {
    padding: 2.5rem 0;
  }
`;

const Claims = styled.ul`
  ${figureRow(4, '2.5rem')}
  li {
    border-left: 3px solid ${({ theme }) => theme.colors.accent};
    padding-left: 0.75rem;
  }
  strong {
    display: block;
    font-size: 1.35rem;
    color: ${({ theme }) => theme.colors.brand};
  }
  span {
    color: ${({ theme }) => theme.colors.inkMuted};
    font-size: 0.9rem;
  }
  ${media.mobile} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const claims: Array<[string, string]> = [
  ['99.9%', 'Analytical purity'],
  ['GMP & ISO 9001', 'Certified manufacturing'],
  ['50+ countries', 'Global shipping from the USA'],
  ['24/7', 'Research support'],
];

export function Hero({ onExplore }: { onExplore(): void }) {
  return (
    <Section aria-labelledby="hero-title">
      <Container>
        <h1 id="hero-title">Research-Grade Lyophilized Peptides</h1>
        <p className="lead">
          Third-party tested compounds for laboratories and research institutions, with a certificate of
          analysis for every batch. Institutional accounts available. For research use only.
        </p>
        <Button type="button" onClick={onExplore}>
          Explore Premium Products
        </Button>
        <Claims>
          {claims.map(([figure, text]) => (
            <li key={figure}>
              <strong>{figure}</strong>
              <span>{text}</span>
            </li>
          ))}
        </Claims>
      </Container>
    </Section>
  );
}
