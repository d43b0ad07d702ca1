import { stores, useStore } from '@storefront/bus';
import { COUNTRIES } from '@storefront/commerce/checkout';
import {
  ActionField,
  Button,
  Card,
  FormNotice,
  Input,
  Spinner,
  TextField,
  twoColumns,
  useFormEcho,
  useFormSeed,
  useHydrated,
} from '@storefront/ui';
import { useLocation } from '@storefront/routing';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { ACTIONS } from '../actions';

const Section = styled(Card)`
  display: grid;
  gap: 1rem;
  /* A fieldset's own margins and minimum width would make it narrower or wider than the cards beside it. */
  margin: 0;
  min-inline-size: 0;
  h2 {
    margin: 0;
    font-size: 1.15rem;
  }
`;

const Fields = styled.div`
  ${twoColumns('0.9rem')}
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

/** One of the agreements an order needs, sent as its checkbox where no script runs. */
function AgreementBox({
  name,
  checked,
  onChange,
  children,
}: {
  name: string;
  checked: boolean;
  onChange(checked: boolean): void;
  children: ReactNode;
}) {
  return (
    <Agreement>
      <input type="checkbox" name={name} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>{children}</span>
    </Agreement>
  );
}

const RESEARCHER = ['email', 'firstName', 'lastName', 'phoneNumber'] as const;
const SHIPPING = ['address', 'city', 'state', 'zipCode'] as const;

export interface OrderFormProps {
  /** The form's id: the page's vial and quantity controls, in the other column, belong to it. */
  formId: string;
  withShipping: boolean;
  processing: boolean;
  submitLabel: ReactNode;
  /** The form's fields (with the vial and quantity sent with it), to be read as one order (order-fields.ts). */
  onSubmit(fields: FormData): void;
  /** What the order is of besides what is typed: the checkout kind, the product, the total shown… */
  hiddenFields: Record<string, string>;
  /** Called as the form hydrates with what was chosen before it did (the vial, the quantity). */
  onSeed?(fields: FormData): void;
}

/**
 * The researcher form, the shipping address where the page ships, the two agreements and the submit
 * button, which stays disabled until both agreements are ticked (spec section 4) once the page runs a
 * script. The form posts to the page (`checkout/order`) and this module's server action completes it
 * where no script runs, reading it as the script does (order-fields.ts); it shows what was typed and the spec's message when the server sends the page back. Fields are
 * read from the form when it is sent, so nothing typed before the page hydrated is lost.
 */
export function OrderForm({
  formId,
  withShipping,
  processing,
  submitLabel,
  onSubmit,
  hiddenFields,
  onSeed,
}: OrderFormProps) {
  const echo = useFormEcho(ACTIONS.order);
  const sent = echo?.values ?? {};
  const [agreeToAge, setAgreeToAge] = useState(sent.agreeToAge === 'on');
  const [agreeToTerms, setAgreeToTerms] = useState(sent.agreeToTerms === 'on');
  const countryId = useId();
  const form = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  // Once an order has been sent with fields missing, the empty required fields are marked invalid.
  const [missing, setMissing] = useState<ReadonlySet<string>>(() =>
    echo?.message?.title === 'Missing Information'
      ? new Set([...RESEARCHER, ...(withShipping ? SHIPPING : [])].filter((name) => !sent[name]))
      : new Set(),
  );
  useFormSeed(form, (fields) => {
    setAgreeToAge(fields.get('agreeToAge') === 'on');
    setAgreeToTerms(fields.get('agreeToTerms') === 'on');
    onSeed?.(fields);
  });

  // A signed-in researcher's email is filled in (on the server too, which knows them by their session);
  // one that becomes known only after the page ran its script fills the field if it is still empty.
  const signedInEmail = useStore(stores.auth).user?.email ?? '';
  useEffect(() => {
    const email = form.current?.elements.namedItem('email');
    if (signedInEmail && email instanceof HTMLInputElement && !email.value) email.value = signedInEmail;
  }, [signedInEmail]);

  const field = (name: string) => ({
    name,
    defaultValue: sent[name] ?? (name === 'email' ? signedInEmail : ''),
    required: true,
    'aria-invalid': missing.has(name),
  });

  /** The toast names what is missing (spec section 8); the first empty field takes focus, to be filled. */
  const send = () => {
    const fields = new FormData(form.current!);
    const required = form.current
      ? [...form.current.querySelectorAll<HTMLInputElement>('input[required]')]
      : [];
    const empty = required.filter((input) => !input.value.trim());
    setMissing(new Set(empty.map((input) => input.name)));
    empty[0]?.focus();
    onSubmit(fields);
  };
  // Enter in a field submits a form only while its button is enabled; with an agreement unticked the
  // shopper is told why instead (spec section 8: 'Agreement Required').
  const sendOnEnterWhileDisabled = (event: React.KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    if (event.key !== 'Enter' || processing || (agreeToAge && agreeToTerms)) return;
    if (!(target instanceof HTMLInputElement) || target.type === 'checkbox') return;
    event.preventDefault();
    send();
  };

  return (
    <form
      ref={form}
      id={formId}
      method="post"
      // No fragment: sent back refused, the page opens at the form's message, which takes the focus (an
      // address with a fragment would keep it from doing so).
      action={`${pathname}${search}`}
      noValidate
      aria-label="Order details"
      onKeyDown={sendOnEnterWhileDisabled}
      onInput={(event) => {
        const target = event.target as HTMLInputElement;
        if (missing.has(target.name) && target.value.trim()) {
          setMissing((before) => new Set([...before].filter((name) => name !== target.name)));
        }
      }}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <ActionField name={ACTIONS.order} />
      {Object.entries(hiddenFields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {echo?.message && !echo.toast && <FormNotice message={echo.message} />}
      <Section as="fieldset">
        <h2>Researcher Information</h2>
        <Fields>
          <TextField className="wide" label="Email *" type="email" autoComplete="email" {...field('email')} />
          <TextField label="First Name *" autoComplete="given-name" {...field('firstName')} />
          <TextField label="Last Name *" autoComplete="family-name" {...field('lastName')} />
          <TextField
            className="wide"
            label="Phone Number *"
            type="tel"
            autoComplete="tel"
            {...field('phoneNumber')}
          />
        </Fields>
      </Section>
      {withShipping && (
        <Section as="fieldset" style={{ marginTop: '1.25rem' }}>
          <h2>Shipping Address</h2>
          <Fields>
            <TextField
              className="wide"
              label="Address *"
              autoComplete="address-line1"
              {...field('address')}
            />
            <TextField label="City *" autoComplete="address-level2" {...field('city')} />
            <TextField label="State *" autoComplete="address-level1" {...field('state')} />
            <TextField label="ZIP Code *" autoComplete="postal-code" {...field('zipCode')} />
            <SelectLabel htmlFor={countryId}>
              Country
              <Input as="select" id={countryId} name="country" defaultValue={sent.country ?? 'United States'}>
                {COUNTRIES.map((country) => (
                  <option key={country}>{country}</option>
                ))}
              </Input>
            </SelectLabel>
          </Fields>
        </Section>
      )}
      <Section style={{ marginTop: '1.25rem' }}>
        <AgreementBox name="agreeToAge" checked={agreeToAge} onChange={setAgreeToAge}>
          I confirm that I am 21 years of age or older and that these products are for research purposes only.
        </AgreementBox>
        <AgreementBox name="agreeToTerms" checked={agreeToTerms} onChange={setAgreeToTerms}>
          I agree to the {/* A new tab: reading the terms must not lose the order form being filled in. */}
          <a href="/terms-of-service" target="_blank" rel="noopener">
            Terms of Service
          </a>{' '}
          and understand these products are not for human consumption.
        </AgreementBox>
        {/* Where no script runs the server checks the agreements, and says so if one is unticked. */}
        <Button
          type="submit"
          $block
          disabled={hydrated && (!agreeToAge || !agreeToTerms || processing)}
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
