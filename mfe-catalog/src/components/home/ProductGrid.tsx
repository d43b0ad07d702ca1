import type { HomeProduct } from '@storefront/commerce/catalog';
import { Card, media, Muted } from '@storefront/ui';
import styled from 'styled-components';
import {
  comingSoonPlaceholders,
  MAX_GRID_ITEMS,
  searchHomeProducts,
  SEARCH_SUGGESTIONS,
} from '../../domain/home-grid';
import { HomeProductCard } from './HomeProductCard';

export const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 1.5rem;
  ${media.mobile} {
    grid-template-columns: 1fr;
  }
`;

const ComingSoon = styled.div`
  display: grid;
  place-items: center;
  min-height: 320px;
  padding: 2rem;
  /* In one column a placeholder fills no row: it only has to say what is coming. */
  ${media.mobile} {
    min-height: 0;
    padding: 1.25rem;
  }
  border: 2px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  text-align: center;
  color: ${({ theme }) => theme.colors.inkMuted};
  strong {
    display: block;
    font-size: 1.2rem;
    color: ${({ theme }) => theme.colors.brand};
  }
`;

const NoResults = styled(Card)`
  text-align: center;
`;

/** The home grid, filtered by the header search (spec sections 2 and 5). */
export function ProductGrid({ products, query }: { products: HomeProduct[]; query: string }) {
  const results = searchHomeProducts(products, query).slice(0, MAX_GRID_ITEMS);

  if (results.length === 0) {
    return (
      <NoResults role="status">
        <h3>No peptides found matching &quot;{query.trim()}&quot;</h3>
        <Muted>Try searching for: {SEARCH_SUGGESTIONS.join(', ')}</Muted>
      </NoResults>
    );
  }

  return (
    <Grid>
      {results.map((product) => (
        <HomeProductCard key={product.id} product={product} />
      ))}
      {Array.from({ length: comingSoonPlaceholders(results.length) }, (_, index) => (
        <ComingSoon key={`coming-soon-${index}`} data-testid="coming-soon">
          <div>
            <strong>Coming Soon</strong>
            New research compound in development
          </div>
        </ComingSoon>
      ))}
    </Grid>
  );
}
