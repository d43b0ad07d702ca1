import type { HomeProduct } from '@storefront/commerce';
import styled from 'styled-components';

const Group = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

const Choice = styled.button`
  display: inline-flex;
  flex-direction: column;
  align-items: center;
  min-width: 72px;
  min-height: 44px;
  padding: 0.35rem 0.7rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.ink};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  small {
    font-size: 0.7rem;
    font-weight: 700;
    color: ${({ theme }) => theme.colors.success};
  }
  &[aria-checked='true'] {
    border-color: ${({ theme }) => theme.colors.brand};
    background: ${({ theme }) => theme.colors.brand};
    color: #fff;
    small {
      color: #a7f3d0;
    }
  }
`;

/** The vial sizes of one product, as a single-choice group. */
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
    <Group role="radiogroup" aria-label={`${product.name} vial size`}>
      {product.doses.map((option) => (
        <Choice
          key={option.dose}
          type="button"
          role="radio"
          aria-checked={option.dose === selected}
          onClick={() => onSelect(option.dose)}
        >
          {option.dose}
          {option.label && <small>{option.label}</small>}
        </Choice>
      ))}
    </Group>
  );
}
