import { stores, useStore } from '@storefront/bus';
import { useEffect, useId } from 'react';
import { Link, Navigate, useLocation } from '@storefront/routing';
import styled from 'styled-components';
import { AuthForm, type AuthMode } from '../components/AuthForm';
import { AuthFrame } from '../components/AuthFrame';
import { returnPathOf } from '../return-path';
import { startSession } from '../session/start-session';

const Tabs = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  overflow: hidden;
  a {
    display: grid;
    place-items: center;
    min-height: 44px;
    background: ${({ theme }) => theme.colors.surfaceAlt};
    color: inherit;
    font-weight: 600;
    text-decoration: none;
  }
  a[aria-selected='true'] {
    background: ${({ theme }) => theme.colors.brand};
    color: ${({ theme }) => theme.colors.onDark};
  }
`;

const Notice = styled.p`
  margin: 0;
  padding: 0.75rem 1rem;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.infoSurface};
  color: ${({ theme }) => theme.colors.info};
  font-size: 0.92rem;
`;

const Forgotten = styled.p`
  margin: 0;
  text-align: center;
`;

const TABS: Array<{ mode: AuthMode; label: string; href: string }> = [
  { mode: 'sign-in', label: 'Sign In', href: '/auth' },
  { mode: 'sign-up', label: 'Sign Up', href: '/auth?tab=sign-up' },
];

/**
 * /auth (spec section 2): Sign In and Sign Up, each a tab (a link: 'Create Account' opens ?tab=sign-up)
 * and a form; signed-in visitors go home. Rendered by the server, whose forms work without scripts.
 */
export default function AuthPage() {
  const auth = useStore(stores.auth);
  const config = useStore(stores.runtimeConfig);
  const { search } = useLocation();
  const mode: AuthMode = new URLSearchParams(search).get('tab') === 'sign-up' ? 'sign-up' : 'sign-in';
  const tabsId = useId();
  // The shell starts the session only for browsers that hold one; from here on this page needs it.
  useEffect(() => {
    if (config) startSession(config);
  }, [config]);

  const returnTo = returnPathOf(search);
  if (auth.user) return <Navigate to={returnTo} replace />;

  return (
    <AuthFrame labelledBy={`${tabsId}-title`}>
      <h1 id={`${tabsId}-title`}>{mode === 'sign-in' ? 'Welcome Back' : 'Create Your Account'}</h1>
      <Tabs role="tablist" aria-label="Account">
        {TABS.map((tab) => (
          <Link
            key={tab.mode}
            to={tab.href}
            replace
            role="tab"
            id={`${tabsId}-${tab.mode}`}
            aria-selected={mode === tab.mode}
            aria-controls={`${tabsId}-panel`}
          >
            {tab.label}
          </Link>
        ))}
      </Tabs>
      <Notice role="note">
        Registration is intended for research institutions and qualified research professionals.
      </Notice>
      {/* Signed in where no script runs, the form's action takes the researcher home itself. */}
      <AuthForm
        key={mode}
        mode={mode}
        config={config}
        returnTo={returnTo}
        panelId={`${tabsId}-panel`}
        labelledBy={`${tabsId}-${mode}`}
      />
      {mode === 'sign-in' && (
        <Forgotten>
          <Link to="/auth/reset">Forgot your password?</Link>
        </Forgotten>
      )}
    </AuthFrame>
  );
}
