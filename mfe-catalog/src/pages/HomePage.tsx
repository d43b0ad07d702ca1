import { stores, useStore } from '@storefront/bus';
import { useLocation } from '@storefront/routing';
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
 * The header search filters the grid: while a search is typed, the grid is brought into view if its
 * heading is off screen, so the shopper sees the results change; a search sent (Enter, or arriving from
 * another page) puts the results at the top of the screen, under the header. A frame later, so the
 * shell's scroll to the top of a newly opened page comes first. At once, not smoothly: the page's smooth
 * scrolling is cut short where the grid shrinks under it with the next key typed.
 */
function useSearchResultsInView(section: RefObject<HTMLElement | null>, query: string) {
  const searching = query.trim() !== '';
  const { key: arrival } = useLocation();
  const arrivalSeen = useRef<string | null>(null);
  useEffect(() => {
    if (!searching) {
      arrivalSeen.current = arrival;
      return;
    }
    const frame = requestAnimationFrame(() => {
      // Taken in the frame, not before it: a frame cancelled by the next render keeps the arrival to do.
      const sent = arrivalSeen.current !== arrival;
      arrivalSeen.current = arrival;
      const element = section.current;
      const heading = element?.querySelector('h2');
      if (!element || !heading) return;
      const { top, bottom } = heading.getBoundingClientRect();
      // The sticky header covers the top of the screen; the page's scroll padding is its height.
      const coveredTop = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
      if (sent || top < coveredTop || bottom > window.innerHeight)
        element.scrollIntoView({ block: 'start', behavior: 'instant' });
    });
    return () => cancelAnimationFrame(frame);
  }, [section, searching, query, arrival]);
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
