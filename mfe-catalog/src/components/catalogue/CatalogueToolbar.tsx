import { Input, media } from '@storefront/ui';
import styled from 'styled-components';
import {
  ALL_CATEGORIES,
  SORT_OPTIONS,
  type CatalogueQuery,
  type CatalogueSort,
} from '../../domain/catalogue-view';

const Bar = styled.div`
  display: grid;
  grid-template-columns: 2fr 1fr 1fr;
  gap: 1rem;
  margin: 1.5rem 0;
  label {
    display: grid;
    gap: 0.35rem;
    font-weight: 600;
    font-size: 0.9rem;
  }
  select {
    min-height: 44px;
    padding: 0 0.6rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    font: inherit;
    background: ${({ theme }) => theme.colors.surface};
  }
  ${media.mobile} {
    grid-template-columns: 1fr;
  }
`;

export function CatalogueToolbar({
  categories,
  query,
  onChange,
}: {
  categories: string[];
  query: CatalogueQuery;
  onChange(next: CatalogueQuery): void;
}) {
  return (
    <Bar>
      <label>
        Search the catalog
        <Input
          type="search"
          placeholder="Search by name or category..."
          value={query.search}
          onChange={(e) => onChange({ ...query, search: e.target.value })}
        />
      </label>
      <label>
        Category
        <select value={query.category} onChange={(e) => onChange({ ...query, category: e.target.value })}>
          {[ALL_CATEGORIES, ...categories].map((category) => (
            <option key={category}>{category}</option>
          ))}
        </select>
      </label>
      <label>
        Sort by
        <select
          value={query.sort}
          onChange={(e) => onChange({ ...query, sort: e.target.value as CatalogueSort })}
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
    </Bar>
  );
}
