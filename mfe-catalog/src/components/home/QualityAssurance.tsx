import { Card, Container, media, twoColumns } from '@storefront/ui';
import styled from 'styled-components';
import { figureRow, HomeSection } from './home-section';

const Section = styled(HomeSection)`
  background: ${({ theme }) => theme.colors.surface};
`;

const Columns = styled.div`
  ${twoColumns('1.5rem')}
  margin-top: 1.5rem;
  ul {
    margin: 0.5rem 0 0;
    padding-left: 1.2rem;
  }
`;

const Stats = styled.ul`
  ${figureRow(3, '2rem')}
  ${media.mobile} {
    grid-template-columns: 1fr;
  }
  li {
    text-align: center;
    padding: 1.25rem;
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  strong {
    display: block;
    font-size: 1.6rem;
    color: ${({ theme }) => theme.colors.accentStrong};
  }
`;

export function QualityAssurance() {
  return (
    <Section aria-labelledby="quality-title">
      <Container>
        <h2 id="quality-title">Quality Assurance</h2>
        <p>Every batch is verified before it ships, and every shipment is documented end to end.</p>
        <Columns>
          <Card>
            <h3>Laboratory Verification</h3>
            <ul>
              <li>Independent third-party HPLC and mass-spectrometry testing</li>
              <li>A certificate of analysis for every batch</li>
              <li>Manufactured under GMP in ISO 9001 certified facilities</li>
            </ul>
          </Card>
          <Card>
            <h3>Secure Research Distribution</h3>
            <ul>
              <li>Cold-chain shipping that keeps compounds stable in transit</li>
              <li>Complete documentation with every order</li>
              <li>Chain of custody from our laboratory to yours</li>
            </ul>
          </Card>
        </Columns>
        <Stats>
          <li>
            <strong>99.9%</strong>Pure
          </li>
          <li>
            <strong>GMP</strong>Certified
          </li>
          <li>
            <strong>Secure</strong>Shipping
          </li>
        </Stats>
      </Container>
    </Section>
  );
}
