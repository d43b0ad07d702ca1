import { bus, stores } from '@storefront/bus';
import { AgeDialog } from '@storefront/ui';

/**
 * The home page's age gate. While it is open the page behind is dimmed and inert (the shell marks it
 * so). 'NO - Under 21' deliberately does nothing, as the spec says.
 */
export function AgeGate() {
  const verify = () => {
    stores.ageVerified.set(true);
    bus.publish('age/verified');
  };

  return (
    <AgeDialog onConfirm={verify} fullScreenOnMobile>
      <p>
        This site sells research peptides for laboratory use only. You must be 21 years of age or older to
        enter.
      </p>
      <p>
        <strong>Are you 21 years of age or older?</strong>
      </p>
    </AgeDialog>
  );
}
