import { memo } from 'react';
import type { RuntimeConfig } from '@storefront/bus';
import { Container, media, StaticHtml } from '@storefront/ui';
import { Link, useNavigate } from '@storefront/routing';
import styled from 'styled-components';
import { useSiteLinks } from './site-links';

const Foot = styled.footer`
  margin-top: auto;
  /* Off screen until scrolled to: its style, layout and paint are skipped meanwhile. */
  content-visibility: auto;
  contain-intrinsic-size: auto 360px;
  background: ${({ theme }) => theme.colors.ink};
  color: rgba(255, 255, 255, 0.82);
  padding: 3rem 0 2rem;
  a {
    color: ${({ theme }) => theme.colors.onDark};
  }
  h2 {
    font-size: 1rem;
    color: ${({ theme }) => theme.colors.onDark};
    letter-spacing: 0.04em;
    text-transform: uppercase;
  }
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: 2fr 1fr 1fr;
  gap: 2rem;
  ${media.mobile} {
    grid-template-columns: 1fr;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 0.4rem;
  }
`;

const Notice = styled.section`
  border: 1px solid rgba(255, 255, 255, 0.2);
  border-radius: ${({ theme }) => theme.radii.md};
  padding: 1rem 1.25rem;
  p {
    margin: 0.25rem 0 0;
  }
`;

const Legal = styled.p`
  margin: 2rem 0 0;
  font-size: 0.85rem;
  opacity: 0.75;
`;

/**
 * Memoised: it renders again only when its own props or state change. Plain HTML once rendered: the
 * browser keeps the server's and does not hydrate it (its links still stay in the page).
 */
export const Footer = memo(function Footer({ config }: { config: RuntimeConfig | null }) {
  const navigate = useNavigate();
  const { footer } = useSiteLinks();
  return (
    <Foot>
      <StaticHtml onLinkClick={navigate}>
        <Container>
          <Columns>
            <Notice id="compliance" aria-labelledby="compliance-heading">
              <h2 id="compliance-heading">Compliance Notice</h2>
              <p>
                All products are sold for laboratory research use only. They are not for human or animal
                consumption and not for diagnostic or therapeutic use. Purchasers must be at least 21 years
                old and qualified to handle research compounds.
              </p>
            </Notice>
            <section aria-labelledby="contact-heading">
              <h2 id="contact-heading">Contact</h2>
              {config ? (
                <ul>
                  <li>
                    <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a>
                  </li>
                  <li>
                    <a href={`tel:${config.contactPhone.replace(/[^+\d]/g, '')}`}>{config.contactPhone}</a>
                  </li>
                  <li>24/7 research support</li>
                </ul>
              ) : (
                <p>Loading contact details…</p>
              )}
            </section>
            <nav aria-labelledby="policies-heading">
              <h2 id="policies-heading">Policies</h2>
              <ul>
                {footer.map((link) => (
                  <li key={link.label}>
                    <Link to={link.href}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          </Columns>
          <Legal>
            © {new Date().getFullYear()} {config?.shopName ?? ''}. Research-grade peptides shipped from the
            USA. For research use only.
          </Legal>
        </Container>
      </StaticHtml>
    </Foot>
  );
});
