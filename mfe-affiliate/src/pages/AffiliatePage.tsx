import type { AccountStanding } from '@storefront/commerce/affiliate';
import { ApiError } from '@storefront/commerce/api-client';
import { stores, useStore } from '@storefront/bus';
import { Badge, Button, Card, Container, media, Muted, Spinner, TextField } from '@storefront/ui';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { affiliateApi } from '../api';

const Page = styled.main`
  padding: 3rem 0 4rem;
`;

const Panel = styled(Card)`
  max-width: 720px;
  margin: 0 auto;
  padding: 2.5rem;
  h1 {
    font-size: 2rem;
    color: ${({ theme }) => theme.colors.brand};
  }
  form {
    display: grid;
    gap: 1rem;
    margin-top: 1.5rem;
  }
  ${media.mobile} {
    padding: 1.5rem;
  }
`;

const LinkRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem;
  margin: 1rem 0;
  code {
    padding: 0.5rem 0.75rem;
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surfaceAlt};
    overflow-wrap: anywhere;
  }
`;

type Loaded =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; standing: AccountStanding };

const failure = (error: unknown) =>
  error instanceof ApiError && error.problem
    ? (error.problem.detail ?? error.problem.title)
    : 'Please check your connection and try again.';

/** The program explained, for anyone: what it is and how to join. */
function HowToJoin() {
  return (
    <>
      <p>
        Researchers and institutions who refer others to us earn a commission on their orders. Apply with your
        account; once approved you get a code of your own and a link that applies it.
      </p>
      <p>
        <a href="/auth">Sign in</a> or <a href="/auth?tab=sign-up">create an account</a> to apply.
      </p>
    </>
  );
}

/** An approved affiliate's code and link, the link with a copy button. */
function Approved({ standing }: { standing: AccountStanding }) {
  const [copied, setCopied] = useState(false);
  const link = `${window.location.origin}/ref/${standing.code ?? ''}`;
  const copy = () =>
    navigator.clipboard.writeText(link).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <>
      <p>
        <Badge $tone="success">Approved</Badge> Welcome, {standing.name}. Your commission is{' '}
        {Math.round((standing.commissionRate ?? 0) * 100)}% of each referred order&apos;s subtotal after its
        discount.
      </p>
      <p>
        Your code: <strong>{standing.code}</strong>
      </p>
      <LinkRow>
        <code>{link}</code>
        <Button type="button" $variant="secondary" onClick={copy}>
          {copied ? 'Copied!' : 'Copy link'}
        </Button>
      </LinkRow>
    </>
  );
}

/** The application: who they are, where they publish, how they will promote the shop. */
function ApplicationForm({
  onApplied,
  accessToken,
}: {
  accessToken: string;
  onApplied(standing: AccountStanding): void;
}) {
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const text = (name: string) => String(fields.get(name) ?? '');
    setSending(true);
    setProblem(null);
    affiliateApi
      .apply(accessToken, { name: text('name'), channel: text('channel'), promotion: text('promotion') })
      .then(onApplied, (error: unknown) => setProblem(failure(error)))
      .finally(() => setSending(false));
  };
  return (
    <form onSubmit={submit} aria-busy={sending}>
      <TextField label="Your name" name="name" autoComplete="name" required maxLength={120} />
      <TextField label="Website or channel" name="channel" autoComplete="url" required maxLength={300} />
      <TextField label="How you will promote us" name="promotion" required maxLength={2000} />
      {problem && <p role="alert">{problem}</p>}
      <Button type="submit" disabled={sending}>
        {sending ? 'Sending...' : 'Apply'}
      </Button>
    </form>
  );
}

/**
 * The affiliate program (ADR 0018): anyone reads how to join; a signed-in account applies, sees its
 * application in review or declined, and once approved its code and link.
 */
export default function AffiliatePage() {
  const auth = useStore(stores.auth);
  const accessToken = auth.accessToken ?? null;
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  const load = useCallback(() => {
    if (!accessToken) return;
    setLoaded({ status: 'loading' });
    affiliateApi.standing(accessToken).then(
      (standing) => setLoaded({ status: 'ready', standing }),
      (error: unknown) => setLoaded({ status: 'failed', message: failure(error) }),
    );
  }, [accessToken]);
  useEffect(load, [load]);

  return (
    <Page>
      <Container>
        <Panel as="section" aria-labelledby="affiliate-title">
          <h1 id="affiliate-title">Affiliate Program</h1>
          {!auth.user || !accessToken ? (
            <HowToJoin />
          ) : loaded.status === 'loading' ? (
            <p role="status">
              <Spinner /> Loading your affiliate account…
            </p>
          ) : loaded.status === 'failed' ? (
            <div role="alert">
              <p>{loaded.message}</p>
              <Button type="button" onClick={load}>
                Try again
              </Button>
            </div>
          ) : loaded.standing.status === 'none' ? (
            <>
              <Muted>Signed in as {auth.user.email}. Tell us about your work to apply.</Muted>
              <ApplicationForm
                accessToken={accessToken}
                onApplied={(standing) => setLoaded({ status: 'ready', standing })}
              />
            </>
          ) : loaded.standing.status === 'applied' ? (
            <p role="status">Thank you, {loaded.standing.name}. Your application is being reviewed.</p>
          ) : loaded.standing.status === 'declined' ? (
            <p>Your application was not approved.</p>
          ) : (
            <Approved standing={loaded.standing} />
          )}
        </Panel>
      </Container>
    </Page>
  );
}
