import { Button, Input, media, useFormSeed } from '@storefront/ui';
import { useRef } from 'react';
import styled from 'styled-components';
import {
  ALL_CATEGORIES,
  catalogueQueryFrom,
  SORT_OPTIONS,
  type CatalogueQuery,
  type CatalogueSort,
} from '../../domain/catalogue-view';

const Bar = styled.form`
  display: grid;
  grid-template-columns: 2fr 1fr 1fr auto;
  align-items: end;
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

/** Where a script runs the list follows every change at once; without one, this sends the choice. */
const Apply = styled(Button)`
  html[data-scripted] & {
    display: none;
  }
`;

/**
 * The catalogue's search, category and sort: a form that gets /catalog with them where no script runs.
 * What was typed or chosen before the page hydrated is applied once it has.
 */
export function CatalogueToolbar({
  categories,
  query,
  onChange,
}: {
  categories: string[];
  query: CatalogueQuery;
  onChange(next: CatalogueQuery): void;
}) {
  const form = useRef<HTMLFormElement>(null);
  useFormSeed(form, (fields) => {
    const typed = catalogueQueryFrom({ get: (name) => fields.get(name)?.toString() ?? null });
    if (JSON.stringify(typed) !== JSON.stringify(query)) onChange(typed);
  });
  return (
    <Bar
      ref={form}
      action="/catalog"
      method="get"
      role="search"
      aria-label="Catalogue"
      onSubmit={(event) => event.preventDefault()}
    >
      <label>
        Search the catalog
        <Input
          type="search"
          name="search"
          placeholder="Search by name or category..."
          value={query.search}
          onChange={(e) => onChange({ ...query, search: e.target.value })}
        />
      </label>
      <label>
        Category
        <select
          name="category"
          value={query.category}
          onChange={(e) => onChange({ ...query, category: e.target.value })}
        >
          {[ALL_CATEGORIES, ...categories].map((category) => (
            <option key={category}>{category}</option>
          ))}
        </select>
      </label>
      <label>
        Sort by
        <select
          name="sort"
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
      <Apply type="submit" $variant="secondary">
        Apply
      </Apply>
    </Bar>
  );
}
