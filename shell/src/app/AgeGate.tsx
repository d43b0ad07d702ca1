import { bus } from '@storefront/bus';
import { useLocation } from '@storefront/routing';
import { AgeDialog } from '@storefront/ui';
import styled from 'styled-components';

/**
 * A visitor who answered before is known to the server by a cookie (no gate in the page at all); one
 * who answered only in this browser's storage, or a moment ago, before the page hydrated, is marked on
 * the page by its early script, and the gate stays hidden for them until the browser takes over.
 */
const Layer = styled.div`
  html[data-age-verified] & {
    display: none;
  }
`;

/**
 * The home page's age gate. While it is open the page behind is dimmed and inert (the shell marks it
 * so). 'YES' is answered at once, whether the page has hydrated or not, and posted to the server where
 * no script runs. 'NO - Under 21' deliberately does nothing, as the spec says.
 */
export function AgeGate() {
  const { pathname, search } = useLocation();
  return (
    <Layer data-age-gate="">
      <AgeDialog
        onConfirm={() => bus.publish('age/verified')}
        fullScreenOnMobile
        confirmForm={{ action: `${pathname}${search}`, name: 'age' }}
        answeredEarly
      >
        <p>
          This site sells research peptides for laboratory use only. You must be 21 years of age or older to
          enter.
        </p>
        <p>
          <strong>Are you 21 years of age or older?</strong>
        </p>
      </AgeDialog>
    </Layer>
  );
}
