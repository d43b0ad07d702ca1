import type { HomeProduct } from '@storefront/commerce';
import styled from 'styled-components';

const Group = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

/** A vial size: a native radio, drawn as a button, so it is chosen with or without a script. */
const Choice = styled.label`
  position: relative;
  display: inline-flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  min-width: 72px;
  min-height: 44px;
  padding: 0.35rem 0.7rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.ink};
  font-weight: 600;
  cursor: pointer;
  input {
    position: absolute;
    opacity: 0;
    inset: 0;
    margin: 0;
    cursor: pointer;
  }
  small {
    font-size: 0.7rem;
    font-weight: 700;
    color: ${({ theme }) => theme.colors.success};
  }
  &:has(input:checked) {
    border-color: ${({ theme }) => theme.colors.brand};
    background: ${({ theme }) => theme.colors.brand};
    color: ${({ theme }) => theme.colors.onDark};
    small {
      color: ${({ theme }) => theme.colors.accentOnDark};
    }
  }
  &:has(input:focus-visible) {
    outline: 3px solid ${({ theme }) => theme.colors.accentStrong};
    outline-offset: 2px;
  }
`;

/**
 * The vial sizes of one product: a group of native radios (one tab stop, arrow keys move the choice
 * and wrap around; Home and End go to the ends), posted with the card's form as `dose`. A size chosen
 * before the page hydrated is kept.
 */
export function DoseSelector({
  product,
  selected,
  onSelect,
}: {
  product: HomeProduct;
  selected: string;
  onSelect(dose: string): void;
}) {
  return (
    <Group
      role="radiogroup"
      aria-label={`${product.name} vial size`}
      onKeyDown={(event) => {
        const end = { Home: 0, End: product.doses.length - 1 }[event.key];
        if (end === undefined) return;
        event.preventDefault();
        onSelect(product.doses[end]!.dose);
        event.currentTarget.querySelectorAll('input')[end]?.focus();
      }}
    >
      {product.doses.map((option) => (
        <Choice key={option.dose}>
          <input
            type="radio"
            name="dose"
            value={option.dose}
            checked={option.dose === selected}
            onChange={() => onSelect(option.dose)}
          />
          {option.dose}
          {option.label && <small>{option.label}</small>}
        </Choice>
      ))}
    </Group>
  );
}
