import { Button, Card } from '@storefront/ui';
import styled from 'styled-components';

const Box = styled(Card)`
  text-align: center;
  max-width: 560px;
  margin: 2rem auto;
`;

/** What a page region says when its data cannot be loaded: plainly, with a retry. */
export function LoadFailure({ what, onRetry }: { what: string; onRetry(): void }) {
  return (
    <Box role="alert">
      <h3>{what} could not be loaded.</h3>
      <p>Please check your connection and try again.</p>
      <Button type="button" onClick={onRetry}>
        Try again
      </Button>
    </Box>
  );
}
