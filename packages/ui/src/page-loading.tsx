import type { ElementType } from 'react';
import { Container } from './layout';
import { Spinner } from './spinner';

/**
 * A page whose data is on its way: its own frame (the page's `main`), marked busy, with one status line
 * saying what is loading, where the content will be.
 */
export function PageLoading({ frame: Frame = 'main', label }: { frame?: ElementType; label: string }) {
  return (
    <Frame aria-busy="true">
      <Container>
        <p role="status">
          <Spinner /> {label}
        </p>
      </Container>
    </Frame>
  );
}
