import { formatUsd, type CheckoutProduct } from '@storefront/commerce';
import styled from 'styled-components';

const Options = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(120px, 1fr));
  gap: 0.6rem;
  button {
    position: relative;
    display: grid;
    gap: 0.2rem;
    min-height: 64px;
    padding: 0.6rem;
    border: 2px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surface};
    font: inherit;
    cursor: pointer;
  }
  button[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.accent};
    background: #f0fdfa;
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
    color: #fff;
    font-size: 0.7rem;
  }
`;

/** One button per vial amount with its price; the chosen one is pressed. */
export function VialOptions({
  doses,
  selected,
  onSelect,
}: {
  doses: CheckoutProduct['doses'];
  selected: string;
  onSelect(dose: string): void;
}) {
  return (
    <Options role="group" aria-label="Vial size">
      {doses.map((dose) => (
        <button
          key={dose.dose}
          type="button"
          aria-pressed={dose.dose === selected}
          onClick={() => onSelect(dose.dose)}
        >
          <strong>{dose.dose}</strong>
          <span>{formatUsd(dose.price)}</span>
          {dose.popular && <small>Popular</small>}
        </button>
      ))}
    </Options>
  );
}
