import { Card, Container } from '@storefront/ui';
import styled from 'styled-components';
import { Page } from './CheckoutFrame';

const ResultCardBody = styled(Card)`
  max-width: 640px;
  margin: 1rem auto;
  display: grid;
  gap: 1rem;
  text-align: center;
  justify-items: center;
  h1 {
    margin: 0;
    color: ${({ theme }) => theme.colors.brand};
  }
  p {
    margin: 0;
  }
  ul {
    text-align: left;
    margin: 0;
    padding-left: 1.2rem;
    display: grid;
    gap: 0.4rem;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.75rem;
    justify-content: center;
  }
`;

/** The frame of the pages Square sends shoppers back to. */
export function ResultCard({ children }: { children: React.ReactNode }) {
  return (
    <Page>
      <Container>
        <ResultCardBody as="section">{children}</ResultCardBody>
      </Container>
    </Page>
  );
}
