import { formatUsd, type CheckoutProduct } from '@storefront/commerce';
import styled from 'styled-components';

const Options = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(120px, 1fr));
  gap: 0.6rem;
  label {
    position: relative;
    display: grid;
    gap: 0.2rem;
    min-height: 64px;
    padding: 0.6rem;
    border: 2px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surface};
    text-align: center;
    cursor: pointer;
  }
  input {
    position: absolute;
    inset: 0;
    margin: 0;
    opacity: 0;
    cursor: pointer;
  }
  label:has(input:checked) {
    border-color: ${({ theme }) => theme.colors.accent};
    background: ${({ theme }) => theme.colors.accentSurface};
  }
  label:has(input:focus-visible) {
    outline: 3px solid ${({ theme }) => theme.colors.brand};
    outline-offset: 2px;
  }
  strong {
    font-size: 1.05rem;
  }
  small {
    position: absolute;
    top: -0.6rem;
    right: 0.4rem;
    padding: 0 0.4rem;
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colors.accent};
    color: ${({ theme }) => theme.colors.onDark};
    font-size: 0.7rem;
  }
`;

/**
 * One choice per vial amount with its price: native radios (`dose`), sent with the order form they
 * belong to (`form`), chosen with or without a script.
 */
export function VialOptions({
  doses,
  selected,
  onSelect,
  form,
}: {
  doses: CheckoutProduct['doses'];
  selected: string;
  onSelect(dose: string): void;
  form: string;
}) {
  return (
    <Options role="radiogroup" aria-label="Vial size">
      {doses.map((dose) => (
        <label key={dose.dose}>
          <input
            type="radio"
            name="dose"
            form={form}
            value={dose.dose}
            checked={dose.dose === selected}
            onChange={() => onSelect(dose.dose)}
          />
          <strong>{dose.dose}</strong>
          <span>{formatUsd(dose.price)}</span>
          {dose.popular && <small>Popular</small>}
        </label>
      ))}
    </Options>
  );
}
