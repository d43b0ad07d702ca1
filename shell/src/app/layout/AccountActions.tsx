import { bus, stores, useStore } from '@storefront/bus';
import { Link, useLocation } from '@storefront/routing';
import { ActionField, Button } from '@storefront/ui';
import type { ReactNode } from 'react';
import { User } from 'lucide-react';
import styled from 'styled-components';
import { AccountMenu } from './AccountMenu';
import { iconBox } from './icon-box';
import { NavButton, NavLink } from './nav-items';
import { useSiteLinks } from './site-links';

const IconLink = styled(Link)`
  ${iconBox}
`;

const SignedInAs = styled.span`
  max-width: 14rem;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.brand};
`;

const AccountIcon = () => <User size={20} aria-hidden="true" />;

const signOut = () => bus.publish('auth/sign-out');

const InlineForm = styled.form`
  display: contents;
`;

/**
 * Sign Out as a form posting the action the account module's manifest places there, to this page: where
 * no script runs, its server ends the session. With a script, the session ends over the bus.
 */
function SignOutForm({ children, onNavigate }: { children: ReactNode; onNavigate?(): void }) {
  const { signOut: link } = useSiteLinks();
  const { pathname, search } = useLocation();
  return (
    <InlineForm
      method="post"
      action={`${pathname}${search}`}
      onSubmit={(event) => {
        event.preventDefault();
        onNavigate?.();
        signOut();
      }}
    >
      {link?.action && <ActionField name={link.action} />}
      {children}
    </InlineForm>
  );
}

/**
 * Where the header's account controls stand: the icon beside the cart, the desktop buttons, the phone's
 * menu and its quick links. Signed in, each offers Sign Out; signed out, Sign In (and, where there is
 * room, Create Account), at the pages the account module places there.
 */
export type AccountPlace = 'icon' | 'buttons' | 'menu' | 'quick-links';

export function AccountActions({ place, onNavigate }: { place: AccountPlace; onNavigate?(): void }) {
  const { user } = useStore(stores.auth);
  const { signIn, signUp, accountMenu } = useSiteLinks();
  if (place === 'icon') {
    if (user)
      return (
        <AccountMenu email={user.email} icon={<AccountIcon />} links={accountMenu} onSignOut={signOut} />
      );
    return signIn ? (
      <IconLink to={signIn.href} aria-label="Account">
        <AccountIcon />
      </IconLink>
    ) : null;
  }
  if (user) {
    if (place === 'buttons')
      return (
        <>
          <SignedInAs data-testid="signed-in-as" title={user.email}>
            {user.email}
          </SignedInAs>
          <SignOutForm>
            <Button type="submit" $variant="secondary">
              Sign Out
            </Button>
          </SignOutForm>
        </>
      );
    return (
      <>
        {place === 'menu' &&
          accountMenu.map((link) => (
            <NavLink key={link.href} to={link.href} onClick={onNavigate}>
              {link.label}
            </NavLink>
          ))}
        <SignOutForm onNavigate={onNavigate}>
          <NavButton type="submit">{place === 'menu' ? `Sign Out (${user.email})` : 'Sign Out'}</NavButton>
        </SignOutForm>
      </>
    );
  }
  const links = place === 'quick-links' ? [signIn] : [signIn, signUp];
  return (
    <>
      {links.map((link, index) =>
        !link ? null : place === 'buttons' ? (
          <Button key={link.href} as={Link} to={link.href} $variant={index === 0 ? 'secondary' : undefined}>
            {link.label}
          </Button>
        ) : (
          <NavLink key={link.href} to={link.href} onClick={onNavigate}>
            {link.label}
          </NavLink>
        ),
      )}
    </>
  );
}
