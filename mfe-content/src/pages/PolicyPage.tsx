import type { PolicySlug } from '@storefront/commerce/content';
import { stores, useStore } from '@storefront/bus';
import { Button, Card, Container, media, Muted, Spinner, StaticHtml, useResource } from '@storefront/ui';
import styled from 'styled-components';
import { contentApi } from '../api';

const Page = styled.main`
  padding: 3rem 0 4rem;
`;

const Article = styled(Card)`
  max-width: 820px;
  margin: 0 auto;
  padding: 2.5rem;
  h1 {
    font-size: 2rem;
    color: ${({ theme }) => theme.colors.brand};
  }
  h2 {
    font-size: 1.2rem;
    margin-top: 2rem;
  }
  p {
    margin: 0 0 0.75rem;
  }
  ${media.mobile} {
    padding: 1.5rem;
  }
`;

const Contact = styled.aside`
  margin-top: 2rem;
  padding: 1rem 1.25rem;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

/** One policy document from the content service; the three policy routes differ only by slug. */
export function PolicyPage({ slug }: { slug: PolicySlug }) {
  const policy = useResource(contentApi.policy(slug));
  const config = useStore(stores.runtimeConfig);

  return (
    <Page>
      <Container>
        <Article as="article" aria-busy={policy.status === 'loading'}>
          {policy.status === 'loading' && (
            <p role="status">
              <Spinner /> Loading policy…
            </p>
          )}
          {policy.status === 'failed' && (
            <div role="alert">
              <h1>This policy could not be loaded</h1>
              <p>Please check your connection and try again.</p>
              <Button type="button" onClick={policy.retry}>
                Try again
              </Button>
            </div>
          )}
          {policy.status === 'ready' && (
            <>
              <h1>{policy.data.title}</h1>
              <Muted>Last updated {policy.data.updatedOn}</Muted>
              <p>
                <strong>{policy.data.summary}</strong>
              </p>
              {/* The policy's text: plain HTML the browser keeps as the server sent it (nothing to hydrate). */}
              <StaticHtml>
                {policy.data.sections.map((section) => (
                  <section key={section.heading}>
                    <h2>{section.heading}</h2>
                    {section.paragraphs.map((paragraph) => (
                      <p key={paragraph}>{paragraph}</p>
                    ))}
                  </section>
                ))}
              </StaticHtml>
              {config && (
                <Contact>
                  Questions about this policy? Email{' '}
                  <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a> or call{' '}
                  {config.contactPhone}.
                </Contact>
              )}
            </>
          )}
        </Article>
      </Container>
    </Page>
  );
}
