import { ApiError } from '@storefront/commerce/api-client';
import { Button, Card, Container, media, PageLoading, useResource } from '@storefront/ui';
import { Link, useDocumentHead, useParams } from '@storefront/routing';
import styled from 'styled-components';
import { productApi } from '../api';
import { DetailTabs } from '../components/DetailTabs';
import { PurchasePanel } from '../components/PurchasePanel';
import { QuickSpecsCard } from '../components/QuickSpecsCard';
import { RelatedProducts } from '../components/RelatedProducts';
import { productHead } from '../page-head';

export { head } from '../page-head';

const Page = styled.main`
  padding: 2rem 0 4rem;
  section {
    margin-top: 2.5rem;
  }
`;

const Breadcrumb = styled.nav`
  ol {
    display: flex;
    flex-wrap: wrap;
    gap: 0.4rem;
    list-style: none;
    padding: 0;
    margin: 0 0 1.5rem;
  }
  li + li::before {
    content: '/';
    margin-right: 0.4rem;
    color: ${({ theme }) => theme.colors.inkMuted};
  }
`;

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(280px, 2fr) 3fr;
  gap: 2.5rem;
  ${media.mobile} {
    grid-template-columns: 1fr;
    gap: 1.5rem;
  }
`;

const Message = styled(Card)`
  max-width: 560px;
  margin: 3rem auto;
  text-align: center;
`;

export default function ProductPage() {
  const { productId = '' } = useParams();
  const page = useResource(productApi.page(productId));
  useDocumentHead(page.status === 'ready' ? productHead(page.data) : undefined);

  if (page.status === 'loading') return <PageLoading frame={Page} label="Loading product…" />;

  if (page.status === 'failed') {
    const missing = page.error instanceof ApiError && page.error.status === 404;
    return (
      <Page>
        <Container>
          <Message role="alert">
            <h1>{missing ? 'Product not found' : 'This product could not be loaded.'}</h1>
            <p>
              {missing
                ? 'We could not find that product. It may have been renamed or retired.'
                : 'Please check your connection and try again.'}
            </p>
            {missing ? (
              <Button as={Link} to="/catalog">
                Back to Catalog
              </Button>
            ) : (
              <Button type="button" onClick={page.retry}>
                Try again
              </Button>
            )}
          </Message>
        </Container>
      </Page>
    );
  }

  const { product } = page.data;
  return (
    <Page>
      <Container>
        <Breadcrumb aria-label="Breadcrumb">
          <ol>
            <li>
              <Link to="/catalog">Back to Catalog</Link>
            </li>
            <li>{product.category}</li>
            <li aria-current="page">{product.name}</li>
          </ol>
        </Breadcrumb>
        <Layout>
          <QuickSpecsCard product={product} />
          <PurchasePanel page={page.data} />
        </Layout>
        <section aria-label="Product details">
          <DetailTabs page={page.data} />
        </section>
        <RelatedProducts related={page.data.related} />
      </Container>
    </Page>
  );
}
