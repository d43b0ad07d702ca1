import { routeTable, toPublicRegistry, type Registry } from '@storefront/artifact-store';
import { fillPath, type ModuleRoute } from '@storefront/routing';
import { requestIdOf, type Logger } from '@storefront/server-kit';
import { Router } from 'express';
import type { ServiceApi } from './service-api';

const SITEMAP_TIMEOUT_MS = 5_000;

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** The paths of one indexed route: itself, or one per item of its sitemap source. */
async function pathsOf(route: ModuleRoute, getApi: ServiceApi, requestId: string): Promise<string[]> {
  if (!route.path.includes(':')) return [route.path];
  if (!route.sitemap) return [];
  const { list, items, field, param } = route.sitemap;
  const answer = await getApi(list, SITEMAP_TIMEOUT_MS, requestId);
  if (!answer || answer.status !== 200)
    throw new Error(`${list} answered ${answer?.status ?? 'nothing in time'}`);
  const entries = (answer.body as Record<string, unknown>)[items];
  if (!Array.isArray(entries)) throw new Error(`${list} has no list "${items}"`);
  return entries
    .map((entry) => (entry as Record<string, unknown>)[field])
    .filter((value): value is string => typeof value === 'string' && value !== '')
    .map((value) => fillPath(route.path, { [param]: value }));
}

/**
 * /robots.txt and /sitemap.xml, from the live modules' routes: every page they mark indexed, and for
 * a route with a parameter (a product page), one entry per item its source lists (the catalogue).
 */
export function seoRoutes(options: {
  siteUrl: string;
  readRegistry(): Registry;
  getApi: ServiceApi;
  logger: Logger;
}): Router {
  const { siteUrl, getApi, logger } = options;
  const router = Router();

  router.get('/robots.txt', (_req, res) => {
    res
      .type('text/plain')
      .set('Cache-Control', 'public, max-age=3600')
      .send(['User-agent: *', 'Disallow: /api/', '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n'));
  });

  router.get('/sitemap.xml', async (req, res) => {
    const routes = routeTable(toPublicRegistry(options.readRegistry())).filter((route) => route.indexed);
    const paths = new Set<string>();
    for (const route of routes) {
      try {
        for (const path of await pathsOf(route, getApi, requestIdOf(req))) paths.add(path);
      } catch (error) {
        // The rest of the sitemap still helps; the missing part comes back on the next crawl.
        logger.warn({ err: error, route: route.path }, 'sitemap left out the pages of a route');
      }
    }
    const urls = [...paths].sort().map((path) => `<url><loc>${escapeXml(`${siteUrl}${path}`)}</loc></url>`);
    res
      .type('application/xml')
      .set('Cache-Control', 'public, max-age=300')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      );
  });

  return router;
}
