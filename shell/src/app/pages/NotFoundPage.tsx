import { Button, Card, Container } from '@storefront/ui';
import { Link } from '@storefront/routing';
import styled from 'styled-components';

const Box = styled(Card)`
  max-width: 520px;
  margin: 4rem auto;
  text-align: center;
  p.code {
    font-size: 4rem;
    font-weight: 800;
    margin: 0;
    color: ${({ theme }) => theme.colors.brand};
  }
`;

export function NotFoundPage() {
  return (
    <Container as="main">
      <Box>
        <p className="code" aria-hidden="true">
          404
        </p>
        <h1>Oops! Page not found</h1>
        <p>The page you are looking for does not exist or has moved.</p>
        <Button as={Link} to="/">
          Return to Home
        </Button>
      </Box>
    </Container>
  );
}
