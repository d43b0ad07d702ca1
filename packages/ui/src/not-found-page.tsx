import type { ComponentType, ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './button';
import { Card, Container } from './layout';

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

/**
 * The site's not-found page (spec: the * route): the shell's for an address no module serves, and a
 * module's for an address it serves whose item does not exist (a dedicated checkout the catalog does
 * not know). `link` is the router's link, so going home stays in the page.
 */
export function NotFoundPage({ link }: { link: ComponentType<{ to: string; children?: ReactNode }> }) {
  return (
    <Container as="main">
      <Box>
        <p className="code" aria-hidden="true">
          404
        </p>
        <h1>Oops! Page not found</h1>
        <p>The page you are looking for does not exist or has moved.</p>
        <Button as={link} to="/">
          Return to Home
        </Button>
      </Box>
    </Container>
  );
}
