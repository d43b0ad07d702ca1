import { Card, Container } from '@storefront/ui';
import styled from 'styled-components';

const Page = styled.main`
  padding: 3rem 0 4rem;
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

/** The narrow card the account's own pages (sign-in, password) are drawn in. */
export const AuthPanel = styled(Card)`
  max-width: 460px;
  margin: 0 auto;
  display: grid;
  gap: 1.25rem;
  h1 {
    margin: 0;
    text-align: center;
    color: ${({ theme }) => theme.colors.brand};
  }
  form {
    display: grid;
    gap: 1rem;
  }
`;

export function AuthFrame({ labelledBy, children }: { labelledBy: string; children: React.ReactNode }) {
  return (
    <Page>
      <Container>
        <AuthPanel as="section" aria-labelledby={labelledBy}>
          {children}
        </AuthPanel>
      </Container>
    </Page>
  );
}
