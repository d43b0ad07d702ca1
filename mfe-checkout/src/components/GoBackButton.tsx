import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button, keepsEarlyTap } from '@storefront/ui';
import { useGoBackOrHome, useNavigate } from '@storefront/routing';

/** Going back in history needs a script: where none runs, the browser's own Back does it. */
const ScriptedButton = styled(Button)`
  html:not([data-scripted]) & {
    display: none;
  }
`;

/**
 * 'Try Again' and a checkout's 'Back': back in history (home when there is nothing to go back to), or
 * home. A tap before the page hydrated is carried out once it has (keepsEarlyTap).
 */
export function GoBackButton({
  to,
  $variant,
  children,
}: {
  to: 'history' | 'home';
  $variant?: 'secondary';
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const goBack = useGoBackOrHome();
  return (
    <ScriptedButton
      type="button"
      $variant={$variant}
      {...keepsEarlyTap}
      onClick={() => (to === 'home' ? navigate('/') : goBack())}
    >
      {children}
    </ScriptedButton>
  );
}
