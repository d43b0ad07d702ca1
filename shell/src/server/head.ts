import { pageTitle, type ModuleRoute, type PageHead } from '@storefront/routing';
import { NOT_FOUND_HEAD } from '../app/navigation-head';
import { scriptSafeJson } from '../page-state';

export interface HeadInput {
  shopName: string;
  siteUrl: string;
  pathname: string;
  search: string;
  /** The page the path belongs to; null when none does. */
  route: ModuleRoute | null;
  status: number;
  /** What the page's module says once its data is known. */
  pageHead?: Partial<PageHead>;
}

export interface PageHeadTags {
  title: string;
  description: string;
  canonical: string | null;
  indexed: boolean;
  type: PageHead['type'];
  image: string | null;
  jsonLd: Record<string, unknown> | null;
}

const absolute = (siteUrl: string, url: string) => (url.startsWith('/') ? `${siteUrl}${url}` : url);

/** The page's URL without what does not change it: only the query parameters its data depends on. */
function canonicalUrl(siteUrl: string, pathname: string, search: string, route: ModuleRoute): string {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of Object.keys(route.query)) {
    const value = params.get(name)?.trim();
    if (value) kept.set(name, value);
  }
  const query = kept.toString();
  return `${siteUrl}${pathname}${query ? `?${query}` : ''}`;
}

/** Title, description, canonical URL, robots, Open Graph and JSON-LD of one server-rendered page. */
export function composeHead(input: HeadInput): PageHeadTags {
  const { route, status, pageHead, siteUrl } = input;
  const found = route !== null && status !== 404;
  const declared = found ? route.head : NOT_FOUND_HEAD;
  const title = pageHead?.title ?? declared.title;
  return {
    title: pageTitle(title, input.shopName),
    description: pageHead?.description ?? declared.description,
    canonical: found ? canonicalUrl(siteUrl, input.pathname, input.search, route) : null,
    indexed: found && route.indexed && status === 200,
    type: pageHead?.type ?? 'website',
    image: pageHead?.image ? absolute(siteUrl, pageHead.image) : null,
    jsonLd: pageHead?.jsonLd ?? null,
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The head's tags, escaped. */
export function headTags(head: PageHeadTags, shopName: string): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}">` : '',
    head.indexed ? '' : meta('name', 'robots', 'noindex'),
    meta('property', 'og:site_name', shopName),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:type', head.type),
    head.canonical ? meta('property', 'og:url', head.canonical) : '',
    head.image ? meta('property', 'og:image', head.image) : '',
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    head.jsonLd ? `<script type="application/ld+json">${scriptSafeJson(head.jsonLd)}</script>` : '',
  ]
    .filter(Boolean)
    .join('');
}
