import { stores, useStore } from '@storefront/bus';
import { Button, Card, Container, TextField } from '@storefront/ui';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from '@storefront/routing';
import styled from 'styled-components';
import { authClient } from '../session/auth-client';
import { OutcomeMessage, type Outcome } from '../components/OutcomeMessage';
import { ResendConfirmation } from '../components/ResendConfirmation';
import {
  AUTH_MESSAGES,
  authErrorMessage,
  isEmailNotConfirmed,
  MIN_PASSWORD_LENGTH,
} from '../session/auth-messages';
import startSession from '../session/start-session';

const Page = styled.main`
  padding: 3rem 0 4rem;
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

const Panel = styled(Card)`
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

const Tabs = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  overflow: hidden;
  button {
    min-height: 44px;
    border: 0;
    background: ${({ theme }) => theme.colors.surfaceAlt};
    font: inherit;
    font-weight: 600;
    cursor: pointer;
  }
  button[aria-selected='true'] {
    background: ${({ theme }) => theme.colors.brand};
    color: #fff;
  }
`;

const Notice = styled.p`
  margin: 0;
  padding: 0.75rem 1rem;
  border-radius: ${({ theme }) => theme.radii.md};
  background: #eff6ff;
  color: #1e3a8a;
  font-size: 0.92rem;
`;

type Tab = 'sign-in' | 'sign-up';
/** An unconfirmed account's email, kept so a new confirmation link can be offered for it. */
type SignInOutcome = (Outcome & { unconfirmedEmail?: string }) | null;

/** /auth (spec section 2): Sign In and Sign Up; signed-in visitors go home. */
export default function AuthPage() {
  const auth = useStore(stores.auth);
  const config = useStore(stores.runtimeConfig);
  const navigate = useNavigate();
  // 'Create Account' links here with ?tab=sign-up.
  const { search } = useLocation();
  const requestedTab: Tab = new URLSearchParams(search).get('tab') === 'sign-up' ? 'sign-up' : 'sign-in';
  const [tab, setTab] = useState<Tab>(requestedTab);
  // The header's links lead here while the page may already be open on the other tab.
  useEffect(() => setTab(requestedTab), [requestedTab]);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<SignInOutcome>(null);
  const tabsId = useId();
  // The shell starts the session only for browsers that hold one; from here on this page needs it.
  useEffect(() => {
    if (config) startSession(config);
  }, [config]);

  if (auth.user && outcome?.tone !== 'success') return <Navigate to="/" replace />;

  const choose = (next: Tab) => {
    setTab(next);
    setOutcome(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !config) return;
    if (password.length < MIN_PASSWORD_LENGTH)
      return setOutcome({ tone: 'error', text: AUTH_MESSAGES.shortPassword });
    if (tab === 'sign-up' && password !== confirmation) {
      return setOutcome({ tone: 'error', text: AUTH_MESSAGES.passwordsDiffer });
    }
    setBusy(true);
    setOutcome(null);
    try {
      const client = authClient(config);
      if (tab === 'sign-in') {
        const { error } = await client.auth.signInWithPassword({ email: email.trim(), password });
        if (error) {
          return setOutcome({
            tone: 'error',
            text: authErrorMessage(error),
            unconfirmedEmail: isEmailNotConfirmed(error) ? email.trim() : undefined,
          });
        }
        setOutcome({ tone: 'success', text: AUTH_MESSAGES.signedIn });
        navigate('/', { replace: true });
      } else {
        const { error } = await client.auth.signUp({
          email: email.trim(),
          password,
          options: { emailRedirectTo: `${window.location.origin}/` },
        });
        if (error) return setOutcome({ tone: 'error', text: authErrorMessage(error) });
        setOutcome({ tone: 'success', text: AUTH_MESSAGES.signedUp });
        setPassword('');
        setConfirmation('');
      }
    } catch {
      setOutcome({ tone: 'error', text: AUTH_MESSAGES.unexpected });
    } finally {
      setBusy(false);
    }
  }

  const signIn = tab === 'sign-in';
  return (
    <Page>
      <Container>
        <Panel as="section" aria-labelledby={`${tabsId}-title`}>
          <h1 id={`${tabsId}-title`}>{signIn ? 'Welcome Back' : 'Create Your Account'}</h1>
          <Tabs role="tablist" aria-label="Account">
            {(['sign-in', 'sign-up'] as const).map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                id={`${tabsId}-${name}`}
                aria-selected={tab === name}
                aria-controls={`${tabsId}-panel`}
                onClick={() => choose(name)}
              >
                {name === 'sign-in' ? 'Sign In' : 'Sign Up'}
              </button>
            ))}
          </Tabs>
          <Notice role="note">
            Registration is intended for research institutions and qualified research professionals.
          </Notice>
          <form
            id={`${tabsId}-panel`}
            role="tabpanel"
            aria-labelledby={`${tabsId}-${tab}`}
            noValidate
            onSubmit={(event) => void submit(event)}
          >
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <TextField
              label="Password"
              type="password"
              autoComplete={signIn ? 'current-password' : 'new-password'}
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            {!signIn && (
              <TextField
                label="Confirm Password"
                type="password"
                autoComplete="new-password"
                required
                value={confirmation}
                onChange={(e) => setConfirmation(e.target.value)}
              />
            )}
            {outcome && <OutcomeMessage outcome={outcome} />}
            {outcome?.unconfirmedEmail && config && (
              <ResendConfirmation
                key={outcome.unconfirmedEmail}
                email={outcome.unconfirmedEmail}
                config={config}
              />
            )}
            <Button type="submit" $block disabled={busy || !config}>
              {busy
                ? signIn
                  ? 'Signing In...'
                  : 'Creating Account...'
                : signIn
                  ? 'Sign In'
                  : 'Create Account'}
            </Button>
          </form>
        </Panel>
      </Container>
    </Page>
  );
}
