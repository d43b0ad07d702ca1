import { bus } from '@storefront/bus';
import { AgeDialog } from '@storefront/ui';
import styled from 'styled-components';

/**
 * The server cannot know a visitor's earlier answer, so every rendered home page carries the gate; a
 * script in the page's head marks a visitor who has answered before it is painted, and the gate stays
 * hidden for them until the browser takes over and removes it.
 */
const Layer = styled.div`
  html[data-age-verified] & {
    display: none;
  }
`;

/**
 * The home page's age gate. While it is open the page behind is dimmed and inert (the shell marks it
 * so). 'NO - Under 21' deliberately does nothing, as the spec says.
 */
export function AgeGate() {
  const verify = () => bus.publish('age/verified');

  return (
    <Layer>
      <AgeDialog onConfirm={verify} fullScreenOnMobile>
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
