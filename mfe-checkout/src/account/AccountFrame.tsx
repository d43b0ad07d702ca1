import { ORDER_STATE_WORDS, type AccountOrderState } from '@storefront/commerce/checkout';
import { Badge, Button, Card, Container, media, Spinner } from '@storefront/ui';
import { signInReturningTo } from '@storefront/commerce/account';
import { useLocation } from '@storefront/routing';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { AccountRead } from './use-account-read';

const Page = styled.main`
  padding: 3rem 0 4rem;
  ${media.mobile} {
    padding: 1.5rem 0 3rem;
  }
`;

export const AccountPanel = styled(Card)`
  max-width: 880px;
  margin: 0 auto;
  padding: 2.5rem;
  display: grid;
  gap: 1.25rem;
  h1 {
    margin: 0;
    font-size: 2rem;
    color: ${({ theme }) => theme.colors.brand};
    overflow-wrap: anywhere;
  }
  h2 {
    margin: 0;
    font-size: 1.2rem;
    color: ${({ theme }) => theme.colors.brand};
  }
  p {
    margin: 0;
  }
  ${media.mobile} {
    padding: 1.25rem;
    h1 {
      font-size: 1.5rem;
    }
  }
`;

const STATE_TONES: Record<AccountOrderState, 'brand' | 'accent' | 'success' | 'warning'> = {
  awaiting_payment: 'warning',
  paid: 'success',
  refunded: 'brand',
  cancelled: 'brand',
};

/** Where an order stands, in words. */
export function OrderState({ state }: { state: AccountOrderState }) {
  return <Badge $tone={STATE_TONES[state]}>{ORDER_STATE_WORDS[state]}</Badge>;
}

/**
 * The frame of a researcher's own pages, and what they show before their data: the way in when signed
 * out, a spinner while it is asked for, what went wrong with a Try again.
 */
export function AccountPage({
  title,
  read,
  notFound,
  children,
}: {
  title: string;
  read: AccountRead<unknown> & { retry(): void };
  notFound?: ReactNode;
  children: () => ReactNode;
}) {
  // Signing in comes back here.
  const { pathname, search } = useLocation();
  return (
    <Page>
      <Container>
        <AccountPanel as="section" aria-labelledby="account-title">
          {read.status === 'not-found' && notFound ? (
            notFound
          ) : (
            <>
              <h1 id="account-title">{title}</h1>
              {read.status === 'signed-out' ? (
                <p>
                  <a href={signInReturningTo(pathname + search)}>Sign in</a> to see your orders and their
                  invoices, and to order again.
                </p>
              ) : read.status === 'loading' ? (
                <p role="status">
                  <Spinner /> Loading your orders…
                </p>
              ) : read.status === 'failed' ? (
                <div role="alert">
                  <p>{read.message}</p>
                  <Button type="button" onClick={read.retry}>
                    Try again
                  </Button>
                </div>
              ) : (
                children()
              )}
            </>
          )}
        </AccountPanel>
      </Container>
    </Page>
  );
}
