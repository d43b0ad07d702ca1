import { bus, stores, useStore, type RuntimeConfig } from '@storefront/bus';
import { useLocation, useNavigate } from '@storefront/routing';
import {
  ActionField,
  Button,
  FormNotice,
  Muted,
  TextField,
  useFormEcho,
  type FormMessage,
} from '@storefront/ui';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ACTIONS } from '../actions';
import { AUTH_MESSAGES, authErrorMessage, credentialsProblem } from '../auth-messages';
import { AuthFrame } from '../components/AuthFrame';
import {
  ARRIVED_BY_LINK,
  LINK_EXPIRED,
  newPasswordRefusal,
  RESET_MESSAGES,
  RESET_PAGE,
} from '../password/reset-messages';
import { authClient } from '../session/auth-client';
import { startSession } from '../session/start-session';

const refusal = (title: string): FormMessage => ({ title, tone: 'error' });

/**
 * 'Forgot your password?': the address a one-time link is mailed to. A plain form this module's server
 * action sends, with or without a script: the answer is the same whether or not the address has an
 * account.
 */
function RequestLinkForm({ expired }: { expired: boolean }) {
  const echo = useFormEcho(ACTIONS.recover);
  return (
    <form method="post" action={RESET_PAGE}>
      <ActionField name={ACTIONS.recover} />
      {expired && !echo && <FormNotice message={refusal(RESET_MESSAGES.expired)} />}
      <Muted>Enter the email of your account and we will send you a link to choose a new password.</Muted>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={echo?.values.email ?? ''}
      />
      {echo?.message && <FormNotice message={echo.message} />}
      <Button type="submit" $block>
        Send reset link
      </Button>
    </form>
  );
}

/**
 * The new password, twice, and the current one unless the researcher came by a reset link (a session
 * begun from one may set it without). With a script holding the session, supabase-js's `updateUser`
 * sends it; where none does, this module's server action, for the session the server signed in.
 */
function NewPasswordForm({ byLink, config }: { byLink: boolean; config: RuntimeConfig | null }) {
  const echo = useFormEcho(ACTIONS['set-password']);
  const accessToken = useStore(stores.auth).accessToken ?? null;
  const navigate = useNavigate();
  const [message, setMessage] = useState<FormMessage | null>(echo?.message ?? null);
  const [askCurrent, setAskCurrent] = useState(!byLink || echo?.outcome === 'current-needed');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    if (!accessToken || !config) return;
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const text = (name: string) => String(fields.get(name) ?? '');
    const problem = credentialsProblem(
      { password: text('password'), confirmation: text('confirmation') },
      true,
    );
    if (problem) return setMessage(refusal(problem));
    setBusy(true);
    setMessage(null);
    try {
      const { error } = await authClient(config).auth.updateUser({
        password: text('password'),
        ...(text('current') ? { current_password: text('current') } : {}),
      });
      if (error) {
        if (error.code === 'reauthentication_needed') setAskCurrent(true);
        return setMessage(refusal(newPasswordRefusal(error.code) ?? authErrorMessage(error)));
      }
      bus.publish('toast/show', {
        title: 'Password changed',
        description: RESET_MESSAGES.updated,
        variant: 'success',
      });
      navigate('/', { replace: true });
    } catch {
      setMessage(refusal(AUTH_MESSAGES.unexpected));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" action={RESET_PAGE} noValidate onSubmit={(event) => void submit(event)}>
      <ActionField name={ACTIONS['set-password']} />
      {askCurrent && (
        <TextField
          label="Current Password"
          name="current"
          type="password"
          autoComplete="current-password"
          required
        />
      )}
      <TextField label="New Password" name="password" type="password" autoComplete="new-password" required />
      <TextField
        label="Confirm New Password"
        name="confirmation"
        type="password"
        autoComplete="new-password"
        required
      />
      {message && <FormNotice message={message} />}
      <Button type="submit" $block disabled={busy}>
        {busy ? 'Changing Password...' : 'Change Password'}
      </Button>
    </form>
  );
}

/**
 * /auth/reset (ADR 0010, amended): signed out, where a forgotten password's link is asked for (and
 * where a spent or expired link says so); signed in (by the link, which this page's loader takes, or
 * otherwise), where the new password is set. Rendered by the server; its forms work without scripts.
 */
export default function PasswordResetPage() {
  const auth = useStore(stores.auth);
  const config = useStore(stores.runtimeConfig);
  const query = new URLSearchParams(useLocation().search);
  const headingId = useId();
  useEffect(() => {
    if (config) startSession(config);
  }, [config]);
  const has = (pair: string) => {
    const [name, value] = pair.split('=');
    return query.get(name!) === value;
  };
  const signedIn = auth.user !== null;
  return (
    <AuthFrame labelledBy={headingId}>
      <h1 id={headingId}>{signedIn ? 'Choose a New Password' : 'Reset Your Password'}</h1>
      {signedIn ? (
        <NewPasswordForm byLink={has(ARRIVED_BY_LINK)} config={config} />
      ) : (
        <RequestLinkForm expired={has(LINK_EXPIRED)} />
      )}
    </AuthFrame>
  );
}
