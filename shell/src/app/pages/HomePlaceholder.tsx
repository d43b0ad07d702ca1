import { Container, RemoteRegion, ScrollReveal } from '@storefront/ui';
import styled from 'styled-components';

const Hero = styled.section`
  padding: 4rem 0;
  background: linear-gradient(160deg, #ffffff, ${({ theme }) => theme.colors.surfaceAlt});
  h1 {
    font-size: clamp(2rem, 5vw, 3rem);
    color: ${({ theme }) => theme.colors.brand};
    max-width: 18ch;
  }
  p {
    max-width: 60ch;
    font-size: 1.1rem;
    color: ${({ theme }) => theme.colors.inkMuted};
  }
`;

/**
 * The home route until the catalog module (issue 3) takes it over: a short introduction and the
 * newsletter fragment, loaded at run time from the content module.
 */
export function HomePlaceholder() {
  return (
    <main>
      <Hero>
        <Container>
          <h1>Research-Grade Lyophilized Peptides</h1>
          <p>
            99.9% analytical purity, GMP and ISO 9001 certified manufacturing, and third-party testing on
            every batch. Shipped from the USA to over 50 countries. For research use only.
          </p>
        </Container>
      </Hero>
      <ScrollReveal delay={100}>
        <RemoteRegion remote="content" exposed="Newsletter" label="newsletter sign-up" />
      </ScrollReveal>
    </main>
  );
}
