import { Button, Container, media } from '@storefront/ui';
import styled from 'styled-components';
import { HomeSection } from './home-section';

const Layout = styled.div`
  display: grid;
  grid-template-columns: 3fr 2fr;
  gap: 2rem;
  align-items: start;
  ${media.mobile} {
    grid-template-columns: 1fr;
  }
`;

/** Two columns where each area fits its own; one on a phone. The gap leaves room for the bullets. */
const Areas = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
  gap: 0.5rem 2rem;
  padding-left: 1.2rem;
`;

const researchAreas = [
  'Metabolic research',
  'Tissue repair and regeneration',
  'Neuroscience',
  'Endocrinology',
  'Cell biology',
  'Growth factor signalling',
];

export function ScientificCollaboration() {
  return (
    <HomeSection aria-labelledby="collaboration-title">
      <Container>
        <Layout>
          <div>
            <h2 id="collaboration-title">Scientific Collaboration</h2>
            <p>
              We supply research institutions, universities and independent laboratories in over 50 countries,
              with 95% customer satisfaction and institutional accounts for recurring orders.
            </p>
            <Areas aria-label="Research areas">
              {researchAreas.map((area) => (
                <li key={area}>{area}</li>
              ))}
            </Areas>
          </div>
          <Button type="button" $variant="secondary">
            Research Resources
          </Button>
        </Layout>
      </Container>
    </HomeSection>
  );
}
