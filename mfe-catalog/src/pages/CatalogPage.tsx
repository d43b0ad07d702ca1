import { Button, Card, Container, Muted, Spinner, useResource } from '@storefront/ui';
import { useLocation, useNavigate } from '@storefront/routing';
import { useCallback, useMemo } from 'react';
import styled from 'styled-components';
import { catalogApi } from '../api';
import { CatalogueCard } from '../components/catalogue/CatalogueCard';
import { CatalogueToolbar } from '../components/catalogue/CatalogueToolbar';
import { Grid } from '../components/home/ProductGrid';
import { LoadFailure } from '../components/LoadFailure';
import {
  catalogueQueryFrom,
  catalogueSearchOf,
  viewCatalogue,
  type CatalogueQuery,
} from '../domain/catalogue-view';

const Page = styled.main`
  padding: 3rem 0 4rem;
  h1 {
    font-size: 2.2rem;
    color: ${({ theme }) => theme.colors.brand};
  }
`;

const Custom = styled(Card)`
  margin-top: 2.5rem;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  div.actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
`;

/** Cards in the first row on a wide screen, and so the first a phone shows: seen before any scrolling. */
const FIRST_ROW = 3;

export default function CatalogPage() {
  const catalogue = useResource(catalogApi.catalogue);
  // The address holds the search, category and sort, with scripts as without: Back to the catalogue, a
  // reload or a shared link shows the same view. Each change replaces the entry rather than adding one,
  // so Back leaves the catalogue instead of undoing it a keystroke at a time.
  const { pathname, search, state } = useLocation();
  const navigate = useNavigate();
  const query = useMemo(() => catalogueQueryFrom(new URLSearchParams(search)), [search]);
  const setQuery = useCallback(
    (next: CatalogueQuery) => navigate(`${pathname}${catalogueSearchOf(next)}`, { replace: true, state }),
    [navigate, pathname, state],
  );

  return (
    <Page>
      <Container>
        <h1>Research Peptide Catalog</h1>
        <Muted>
          Lyophilized research compounds with full analytical documentation. For research use only.
        </Muted>
        {catalogue.status === 'loading' && (
          <p role="status">
            <Spinner /> Loading the catalog…
          </p>
        )}
        {catalogue.status === 'failed' && <LoadFailure what="The catalog" onRetry={catalogue.retry} />}
        {catalogue.status === 'ready' && (
          <CatalogueResults categories={catalogue.data.categories} query={query} onQueryChange={setQuery}>
            {viewCatalogue(catalogue.data.products, query).map((product, index) => (
              <CatalogueCard key={product.id} product={product} priority={index < FIRST_ROW} />
            ))}
          </CatalogueResults>
        )}
        <Custom>
          <div>
            <h2>Need a custom synthesis or a bulk order?</h2>
            <Muted>Our specialists prepare institutional quotes.</Muted>
          </div>
          <div className="actions">
            <Button type="button" disabled>
              Request Custom Quote
            </Button>
            <Button type="button" $variant="secondary" disabled>
              Speak with Specialist
            </Button>
          </div>
        </Custom>
      </Container>
    </Page>
  );
}

function CatalogueResults({
  categories,
  query,
  onQueryChange,
  children,
}: {
  categories: string[];
  query: CatalogueQuery;
  onQueryChange(next: CatalogueQuery): void;
  children: React.ReactElement[];
}) {
  return (
    <>
      <CatalogueToolbar categories={categories} query={query} onChange={onQueryChange} />
      <p role="status" aria-live="polite">
        {children.length === 1 ? '1 product' : `${children.length} products`}
      </p>
      {children.length > 0 ? <Grid>{children}</Grid> : <Muted>No products match your search.</Muted>}
    </>
  );
}
