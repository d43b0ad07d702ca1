import { COUNTRIES } from '@storefront/commerce';
import { Button, Card, Input, Spinner, TextField } from '@storefront/ui';
import { useId, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import {
  emptyResearcher,
  emptyShipping,
  type OrderDetails,
  type ResearcherDetails,
  type ShippingDetails,
} from '../domain/order-details';

const Section = styled(Card)`
  display: grid;
  gap: 1rem;
  h2 {
    margin: 0;
    font-size: 1.15rem;
  }
`;

const Fields = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 0.9rem;
  @media (max-width: 767px) {
    grid-template-columns: 1fr;
  }
  .wide {
    grid-column: 1 / -1;
  }
`;

const SelectLabel = styled.label`
  display: grid;
  gap: 0.35rem;
  font-weight: 600;
  font-size: 0.9rem;
`;

const Agreement = styled.label`
  display: flex;
  gap: 0.6rem;
  align-items: flex-start;
  line-height: 1.45;
  input {
    width: 20px;
    height: 20px;
    margin-top: 0.1rem;
    flex: none;
  }
`;

export interface OrderFormProps {
  withShipping: boolean;
  processing: boolean;
  submitLabel: ReactNode;
  onSubmit(details: OrderDetails): void;
}

/**
 * The researcher form, the shipping address where the page ships, the two agreements and the submit
 * button, which stays disabled until both agreements are ticked (spec section 4).
 */
export function OrderForm({ withShipping, processing, submitLabel, onSubmit }: OrderFormProps) {
  const [researcher, setResearcher] = useState<ResearcherDetails>(emptyResearcher);
  const [shipping, setShipping] = useState<ShippingDetails>(emptyShipping);
  const [agreeToAge, setAgreeToAge] = useState(false);
  const [agreeToTerms, setAgreeToTerms] = useState(false);
  const countryId = useId();
  const form = useRef<HTMLFormElement>(null);
  // Once an order has been sent with fields missing, the empty required fields are marked invalid.
  const [markMissing, setMarkMissing] = useState(false);

  const researcherField = (name: keyof ResearcherDetails) => ({
    name,
    value: researcher[name],
    required: true,
    'aria-invalid': markMissing && !researcher[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      setResearcher({ ...researcher, [name]: e.target.value }),
  });
  const shippingField = (name: Exclude<keyof ShippingDetails, 'country'>) => ({
    name,
    value: shipping[name],
    required: true,
    'aria-invalid': markMissing && !shipping[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      setShipping({ ...shipping, [name]: e.target.value }),
  });

  /** The toast names what is missing (spec section 8); the first empty field takes focus, to be filled. */
  const focusFirstMissingField = () => {
    const firstEmpty = [...(form.current?.querySelectorAll<HTMLInputElement>('input[required]') ?? [])].find(
      (field) => !field.value,
    );
    setMarkMissing(Boolean(firstEmpty));
    firstEmpty?.focus();
  };

  const send = () => {
    focusFirstMissingField();
    onSubmit({
      customer: researcher,
      shipping: withShipping ? shipping : undefined,
      agreeToAge,
      agreeToTerms,
    });
  };
  // Enter in a field submits a form only while its button is enabled; with an agreement unticked the
  // shopper is told why instead (spec section 8: 'Agreement Required').
  const sendOnEnterWhileDisabled = (event: React.KeyboardEvent<HTMLFormElement>) => {
    const field = event.target as HTMLElement;
    if (event.key !== 'Enter' || processing || (agreeToAge && agreeToTerms)) return;
    if (!(field instanceof HTMLInputElement) || field.type === 'checkbox') return;
    event.preventDefault();
    send();
  };

  return (
    <form
      ref={form}
      noValidate
      aria-label="Order details"
      onKeyDown={sendOnEnterWhileDisabled}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <Section as="fieldset" style={{ border: 0 }}>
        <h2>Researcher Information</h2>
        <Fields>
          <TextField
            className="wide"
            label="Email *"
            type="email"
            autoComplete="email"
            {...researcherField('email')}
          />
          <TextField label="First Name *" autoComplete="given-name" {...researcherField('firstName')} />
          <TextField label="Last Name *" autoComplete="family-name" {...researcherField('lastName')} />
          <TextField
            className="wide"
            label="Phone Number *"
            type="tel"
            autoComplete="tel"
            {...researcherField('phoneNumber')}
          />
        </Fields>
      </Section>
      {withShipping && (
        <Section as="fieldset" style={{ border: 0, marginTop: '1.25rem' }}>
          <h2>Shipping Address</h2>
          <Fields>
            <TextField
              className="wide"
              label="Address *"
              autoComplete="street-address"
              {...shippingField('address')}
            />
            <TextField label="City *" autoComplete="address-level2" {...shippingField('city')} />
            <TextField label="State *" autoComplete="address-level1" {...shippingField('state')} />
            <TextField label="ZIP Code *" autoComplete="postal-code" {...shippingField('zipCode')} />
            <SelectLabel htmlFor={countryId}>
              Country
              <Input
                as="select"
                id={countryId}
                name="country"
                value={shipping.country}
                onChange={(e: React.ChangeEvent<HTMLSelectElement>) =>
                  setShipping({ ...shipping, country: e.target.value as ShippingDetails['country'] })
                }
              >
                {COUNTRIES.map((country) => (
                  <option key={country}>{country}</option>
                ))}
              </Input>
            </SelectLabel>
          </Fields>
        </Section>
      )}
      <Section style={{ marginTop: '1.25rem' }}>
        <Agreement>
          <input type="checkbox" checked={agreeToAge} onChange={(e) => setAgreeToAge(e.target.checked)} />
          <span>
            I confirm that I am 21 years of age or older and that these products are for research purposes
            only.
          </span>
        </Agreement>
        <Agreement>
          <input type="checkbox" checked={agreeToTerms} onChange={(e) => setAgreeToTerms(e.target.checked)} />
          <span>
            I agree to the {/* A new tab: reading the terms must not lose the order form being filled in. */}
            <a href="/terms-of-service" target="_blank" rel="noopener">
              Terms of Service
            </a>{' '}
            and understand these products are not for human consumption.
          </span>
        </Agreement>
        <Button
          type="submit"
          $block
          disabled={!agreeToAge || !agreeToTerms || processing}
          aria-busy={processing}
        >
          {processing ? (
            <>
              <Spinner /> Processing...
            </>
          ) : (
            submitLabel
          )}
        </Button>
      </Section>
    </form>
  );
}
