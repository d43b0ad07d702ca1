import { stores, useStore } from '@storefront/bus';
import { Container, RemoteRegion, ScrollReveal, Spinner, StaticHtml, useResource } from '@storefront/ui';
import { useEffect, useRef, type RefObject } from 'react';
import styled from 'styled-components';
import { catalogApi } from '../api';
import { LoadFailure } from '../components/LoadFailure';
import { Hero } from '../components/home/Hero';
import { HomeSection } from '../components/home/home-section';
import { Grid, ProductGrid } from '../components/home/ProductGrid';
import { QualityAssurance } from '../components/home/QualityAssurance';
import { ScientificCollaboration } from '../components/home/ScientificCollaboration';

const Placeholder = styled.div`
  height: 560px;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

/**
 * The header search filters the grid: while a search is typed (or arrives from another page), the grid
 * is brought into view if its heading is off screen, so the shopper sees the results change. A frame
 * later, so the shell's scroll to the top of a newly opened page comes first. At once, not smoothly: the
 * page's smooth scrolling is cut short where the grid shrinks under it with the next key typed.
 */
function useSearchResultsInView(section: RefObject<HTMLElement | null>, query: string) {
  const searching = query.trim() !== '';
  useEffect(() => {
    if (!searching) return;
    const frame = requestAnimationFrame(() => {
      const element = section.current;
      const heading = element?.querySelector('h2');
      if (!element || !heading) return;
      const { top, bottom } = heading.getBoundingClientRect();
      // The sticky header covers the top of the screen; the page's scroll padding is its height.
      const coveredTop = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
      if (top < coveredTop || bottom > window.innerHeight)
        element.scrollIntoView({ block: 'start', behavior: 'instant' });
    });
    return () => cancelAnimationFrame(frame);
  }, [section, searching, query]);
}

export default function HomePage() {
  const query = useStore(stores.searchQuery);
  const products = useResource(catalogApi.homeProducts);
  const productsSection = useRef<HTMLElement>(null);
  useSearchResultsInView(productsSection, query);

  return (
    <main>
      <Hero onExplore={() => document.getElementById('products')?.scrollIntoView({ behavior: 'smooth' })} />
      <HomeSection
        $padding="3.5rem 0"
        ref={productsSection}
        id="products"
        aria-labelledby="products-title"
        aria-busy={products.status === 'loading'}
      >
        <Container>
          <h2 id="products-title">Premium Research Peptides</h2>
          <p>Choose a vial size to see its price. Every compound ships with its certificate of analysis.</p>
          {products.status === 'loading' && (
            <>
              <p role="status">
                <Spinner /> Loading products…
              </p>
              <Grid aria-hidden="true">
                <Placeholder />
                <Placeholder />
                <Placeholder />
              </Grid>
            </>
          )}
          {products.status === 'failed' && <LoadFailure what="Our products" onRetry={products.retry} />}
          {products.status === 'ready' && <ProductGrid products={products.data.products} query={query} />}
        </Container>
      </HomeSection>
      {/* Copy without controls: plain HTML the browser keeps as the server sent it (nothing to hydrate). */}
      <ScrollReveal>
        <StaticHtml>
          <QualityAssurance />
        </StaticHtml>
      </ScrollReveal>
      <ScrollReveal delay={100}>
        <StaticHtml>
          <ScientificCollaboration />
        </StaticHtml>
      </ScrollReveal>
      <ScrollReveal delay={100}>
        <RemoteRegion
          remote="content"
          exposed="Newsletter"
          label="newsletter sign-up"
          loadWhen="near-viewport"
        />
      </ScrollReveal>
    </main>
  );
}
