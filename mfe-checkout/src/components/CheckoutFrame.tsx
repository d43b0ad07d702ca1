import { ApiError } from '@storefront/commerce/api-client';
import { Button, Card, Container, media, PageLoading, type AsyncState } from '@storefront/ui';
import type { ReactNode } from 'react';
import { useNavigate } from '@storefront/routing';
import styled from 'styled-components';
import { GoBackButton } from './GoBackButton';

export const Page = styled.main`
  padding: 1.5rem 0 4rem;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  min-height: 70vh;
`;

const TopBar = styled.div`
  display: flex;
  align-items: center;
  gap: 1rem;
  margin-bottom: 1.5rem;
  > button {
    flex: none;
    white-space: nowrap;
  }
  h1 {
    margin: 0;
    font-size: clamp(1.3rem, 3vw, 1.9rem);
    color: ${({ theme }) => theme.colors.brand};
  }
`;

export const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: 1.5rem;
  align-items: start;
  & > div {
    display: grid;
    gap: 1.25rem;
  }
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Message = styled(Card)`
  max-width: 560px;
  margin: 3rem auto;
  text-align: center;
  display: grid;
  gap: 1rem;
  justify-items: center;
`;

/** The checkout pages' frame: a back button and the page title above the content. */
export function CheckoutFrame({
  title,
  back,
  children,
}: {
  title: string;
  /** Where Back goes: home, or the previous page in history (home when there is none). */
  back: 'home' | 'history';
  children: ReactNode;
}) {
  return (
    <Page>
      <Container>
        <TopBar>
          <GoBackButton to={back} $variant="secondary">
            ← Back
          </GoBackButton>
          <h1>{title}</h1>
        </TopBar>
        {children}
      </Container>
    </Page>
  );
}

/**
 * Loading, not found ('Product not found', spec section 8, unless the page says otherwise) or a failure
 * with retry; the product otherwise.
 */
export function WithProduct<T>({
  state,
  notFound,
  children,
}: {
  state: AsyncState<T> & { retry(): void };
  notFound?: ReactNode;
  children(data: T): ReactNode;
}) {
  const navigate = useNavigate();
  if (state.status === 'ready') return <>{children(state.data)}</>;
  if (state.status === 'loading') return <PageLoading frame={Page} label="Loading checkout…" />;
  const missing = state.error instanceof ApiError && state.error.status === 404;
  if (missing && notFound) return <>{notFound}</>;
  return (
    <Page>
      <Container>
        <Message>
          {missing ? (
            <>
              <h1>Product not found</h1>
              <Button type="button" onClick={() => navigate('/')}>
                Return to Homepage
              </Button>
            </>
          ) : (
            <>
              <h1>Checkout unavailable</h1>
              <p role="alert">This product cannot be loaded right now.</p>
              <Button type="button" onClick={state.retry}>
                Try again
              </Button>
            </>
          )}
        </Message>
      </Container>
    </Page>
  );
}
