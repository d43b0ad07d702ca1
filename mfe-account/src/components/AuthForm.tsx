import type { RuntimeConfig } from '@storefront/bus';
import { signInReturningTo } from '@storefront/commerce/account';
import { ACTIONS } from '../actions';
import { AUTH_MESSAGES, authErrorMessage, credentialsProblem, isEmailNotConfirmed } from '../auth-messages';
import { Button, FormNotice, TextField, useFormEcho, useFormSeed, type FormMessage } from '@storefront/ui';
import { useNavigate } from '@storefront/routing';
import { useRef, useState, type FormEvent } from 'react';
import { authClient } from '../session/auth-client';
import { ResendConfirmation } from './ResendConfirmation';

export type AuthMode = 'sign-in' | 'sign-up';

const LABELS: Record<AuthMode, { submit: string; busy: string }> = {
  'sign-in': { submit: 'Sign In', busy: 'Signing In...' },
  'sign-up': { submit: 'Create Account', busy: 'Creating Account...' },
};

const refusal = (text: string): FormMessage => ({ title: text, tone: 'error' });
const success = (text: string): FormMessage => ({ title: text, tone: 'success' });

/** The outcome of a submit, and (after 'Email not confirmed') the address a new link may be sent to. */
type Outcome = { message: FormMessage; unconfirmedEmail?: string } | null;

/** What the server said last, when it showed this form again (no scripts ran). */
function useServerOutcome(mode: AuthMode): Outcome {
  const echo = useFormEcho(ACTIONS[mode]);
  // A new link asked for after 'Email not confirmed': the sign-in form as it was, the resend's answer below.
  const resent = useFormEcho(ACTIONS.resend);
  if (mode === 'sign-in' && resent) {
    return { message: refusal(AUTH_MESSAGES.emailNotConfirmed), unconfirmedEmail: resent.values.email };
  }
  if (!echo?.message) return null;
  const unconfirmed = echo.outcome === 'email-not-confirmed' ? echo.values.email : undefined;
  return { message: echo.message, unconfirmedEmail: unconfirmed };
}

/** One of the form's text fields: its label, its name in the form, and the state it edits. */
function credential(
  label: string,
  name: string,
  autoComplete: string,
  [value, set]: [string, (value: string) => void],
) {
  return { label, name, autoComplete, value, set, type: name === 'email' ? 'email' : 'password' };
}

/**
 * Sign In or Sign Up (spec sections 2, 5, 8): email, password and, to sign up, its confirmation. A form
 * this module's server action completes where no script runs (it shows the same messages); with a script,
 * supabase-js talks to the auth service. What was typed before the page hydrated is kept.
 */
export function AuthForm({
  mode,
  config,
  returnTo,
  panelId,
  labelledBy,
}: {
  mode: AuthMode;
  config: RuntimeConfig | null;
  /** Where a researcher signed in goes on to (the page that sent them here, or home). */
  returnTo: string;
  panelId: string;
  labelledBy: string;
}) {
  const signIn = mode === 'sign-in';
  const own = useFormEcho(ACTIONS[mode]);
  const resent = useFormEcho(ACTIONS.resend);
  const [email, setEmail] = useState((own ?? resent)?.values.email ?? '');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  // Password managers tell a sign-in's password from a new one by autoComplete.
  const credentialFields = [
    credential('Email', 'email', 'email', [email, setEmail]),
    credential('Password', 'password', signIn ? 'current-password' : 'new-password', [password, setPassword]),
    ...(signIn
      ? []
      : [credential('Confirm Password', 'confirmation', 'new-password', [confirmation, setConfirmation])]),
  ];
  const [outcome, setOutcome] = useState<Outcome>(useServerOutcome(mode));
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  useFormSeed(form, (fields) => {
    setEmail(String(fields.get('email') ?? ''));
    setPassword(String(fields.get('password') ?? ''));
    setConfirmation(String(fields.get('confirmation') ?? ''));
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !config) return;
    // Read from the fields: a submit that landed before the page hydrated is replayed before state catches up.
    const fields = new FormData(event.currentTarget);
    const email = String(fields.get('email') ?? '');
    const password = String(fields.get('password') ?? '');
    const confirmation = String(fields.get('confirmation') ?? '');
    const problem = credentialsProblem({ password, confirmation }, !signIn);
    if (problem) return setOutcome({ message: refusal(problem) });
    setBusy(true);
    setOutcome(null);
    try {
      const client = authClient(config);
      if (signIn) {
        const { error } = await client.auth.signInWithPassword({ email: email.trim(), password });
        if (error) {
          return setOutcome({
            message: refusal(authErrorMessage(error)),
            unconfirmedEmail: isEmailNotConfirmed(error) ? email.trim() : undefined,
          });
        }
        setOutcome({ message: success(AUTH_MESSAGES.signedIn) });
        navigate(returnTo, { replace: true });
      } else {
        const { error } = await client.auth.signUp({
          email: email.trim(),
          password,
          options: { emailRedirectTo: `${window.location.origin}/` },
        });
        if (error) return setOutcome({ message: refusal(authErrorMessage(error)) });
        setOutcome({ message: success(AUTH_MESSAGES.signedUp) });
        setPassword('');
        setConfirmation('');
      }
    } catch {
      setOutcome({ message: refusal(AUTH_MESSAGES.unexpected) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      ref={form}
      id={panelId}
      role="tabpanel"
      aria-labelledby={labelledBy}
      method="post"
      action={signIn ? signInReturningTo(returnTo) : '/auth?tab=sign-up'}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      {credentialFields.map(({ label, type, name, autoComplete, value, set }) => (
        <TextField
          key={name}
          label={label}
          type={type}
          name={name}
          autoComplete={autoComplete}
          required
          value={value}
          onChange={(e) => set(e.target.value)}
        />
      ))}
      {outcome && <FormNotice message={outcome.message} />}
      {/* The first submit button is what Enter sends; each names its action (no scripts: the server's). */}
      <Button type="submit" name="_action" value={ACTIONS[mode]} $block disabled={busy}>
        {busy ? LABELS[mode].busy : LABELS[mode].submit}
      </Button>
      {outcome?.unconfirmedEmail && (
        <ResendConfirmation key={outcome.unconfirmedEmail} email={outcome.unconfirmedEmail} config={config} />
      )}
    </form>
  );
}
