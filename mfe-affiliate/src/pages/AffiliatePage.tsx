import { accountStandingSchema, type AccountStanding } from '@storefront/commerce/affiliate';
import { ApiError, failureWords } from '@storefront/commerce/api-client';
import { bus, stores, useStore } from '@storefront/bus';
import {
  ActionField,
  Badge,
  Button,
  Card,
  Container,
  FormNotice,
  media,
  Muted,
  Spinner,
  TextField,
  useFormEcho,
  useHydrated,
  usePreloadedResponse,
} from '@storefront/ui';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { APPLY_ACTION, STANDING_URL } from '../actions';
import { affiliateApi } from '../api';
import { AffiliateFigures } from './AffiliateFigures';

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

/**
 * The link on a line of its own, the button under it: the link grows from its path (the server's) to
 * the whole address (the browser's) without moving anything.
 */
const LinkRow = styled.div`
  display: grid;
  justify-items: start;
  gap: 0.75rem;
  margin: 1rem 0;
  label {
    font-weight: 600;
  }
  input {
    justify-self: stretch;
    min-width: 0;
    padding: 0.5rem 0.75rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surfaceAlt};
    color: inherit;
    font:
      0.95rem ui-monospace,
      monospace;
  }
`;

const CopyButton = styled(Button)<{ $unseen: boolean }>`
  visibility: ${({ $unseen }) => ($unseen ? 'hidden' : 'visible')};
`;

type Loaded =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; standing: AccountStanding };

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

/** An approved affiliate's code and link (the link with a copy button), and their figures. */
function Approved({ standing }: { standing: AccountStanding }) {
  const [copied, setCopied] = useState(false);
  const hydrated = useHydrated();
  // Whole, on the site's public address (the same on the server and in the browser): the link is to be
  // shared elsewhere, and where no script runs it is selected and copied by hand.
  const siteUrl = useStore(stores.runtimeConfig)?.siteUrl ?? '';
  const link = `${siteUrl}/ref/${standing.code ?? ''}`;
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
        {/* A field, so that the whole link is selected at a click and copied by hand where no script runs. */}
        <label htmlFor="referral-link">Your referral link</label>
        <input
          id="referral-link"
          type="text"
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
        />
        {/* Copying needs the page's script: until it runs the button keeps its place unseen (nothing
            moves when it appears), and the link is there to select. */}
        <CopyButton type="button" $variant="secondary" onClick={copy} $unseen={!hydrated}>
          {copied ? 'Copied!' : 'Copy link'}
        </CopyButton>
      </LinkRow>
      {standing.figures && <AffiliateFigures figures={standing.figures} />}
    </>
  );
}

/**
 * The application: who they are, where they publish, how they will promote the shop. A real form: where
 * no script runs (or none has the session yet) the module's `apply` action sends it for the researcher
 * the server signed in; with the session, the script sends it and shows the answer in place.
 */
function ApplicationForm({
  onApplied,
  accessToken,
}: {
  accessToken: string | null;
  onApplied(standing: AccountStanding): void;
}) {
  const echo = useFormEcho(APPLY_ACTION);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!accessToken) return;
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const text = (name: string) => String(fields.get(name) ?? '');
    setSending(true);
    setProblem(null);
    affiliateApi
      .apply(accessToken, { name: text('name'), channel: text('channel'), promotion: text('promotion') })
      .then(onApplied, (error: unknown) => setProblem(failureWords(error)))
      .finally(() => setSending(false));
  };
  return (
    <form method="post" action="/affiliate" onSubmit={submit} aria-busy={sending}>
      <ActionField name={APPLY_ACTION} />
      {echo?.message && !problem && <FormNotice message={echo.message} />}
      <TextField
        label="Your name"
        name="name"
        autoComplete="name"
        required
        maxLength={120}
        defaultValue={echo?.values.name ?? ''}
      />
      <TextField
        label="Website or channel"
        name="channel"
        autoComplete="url"
        required
        maxLength={300}
        defaultValue={echo?.values.channel ?? ''}
      />
      <TextField
        label="How you will promote us"
        name="promotion"
        required
        maxLength={2000}
        defaultValue={echo?.values.promotion ?? ''}
      />
      {problem && <p role="alert">{problem}</p>}
      <Button type="submit" disabled={sending}>
        {sending ? 'Sending...' : 'Apply'}
      </Button>
    </form>
  );
}

/** The standing the server rendered the page with, for a researcher it signed in; null otherwise. */
function useStandingFromServer(): AccountStanding | null {
  const preloaded = usePreloadedResponse(STANDING_URL);
  if (preloaded?.status !== 200) return null;
  const standing = accountStandingSchema.safeParse(preloaded.body);
  return standing.success ? standing.data : null;
}

/**
 * The affiliate program (ADR 0018): anyone reads how to join; a signed-in account applies, sees its
 * application in review or declined, and once approved its code and link.
 */
export default function AffiliatePage() {
  const auth = useStore(stores.auth);
  const accessToken = auth.accessToken ?? null;
  const fromServer = useStandingFromServer();
  const [loaded, setLoaded] = useState<Loaded>(
    fromServer ? { status: 'ready', standing: fromServer } : { status: 'loading' },
  );

  const load = useCallback(() => {
    if (!accessToken) return;
    setLoaded({ status: 'loading' });
    affiliateApi.standing(accessToken).then(
      (standing) => setLoaded({ status: 'ready', standing }),
      (error: unknown) => {
        setLoaded({ status: 'failed', message: failureWords(error) });
        // A session the service no longer knows (ended on another device): this browser signs out
        // too, everywhere it shows, and the page explains how to join instead of asking again in vain.
        if (error instanceof ApiError && error.status === 401) bus.publish('auth/sign-out');
      },
    );
  }, [accessToken]);
  // A standing the server rendered is current for this page: it is never asked for again (the session
  // the page's script takes over meanwhile is the same), so nothing typed into its form is ever reset.
  const renderedByServer = fromServer !== null;
  useEffect(() => {
    if (!renderedByServer) load();
  }, [load, renderedByServer]);
  const signedIn = (auth.user !== null && accessToken !== null) || fromServer !== null;

  return (
    <Page>
      <Container>
        <Panel as="section" aria-labelledby="affiliate-title">
          <h1 id="affiliate-title">Affiliate Program</h1>
          {!signedIn ? (
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
              <Muted>
                {auth.user ? `Signed in as ${auth.user.email}. ` : ''}Tell us about your work to apply.
              </Muted>
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
