import { resolveDataUrl, type ModuleRoute } from '@storefront/routing';
import type { PreloadedResponse } from '@storefront/ui';
import type { ServiceApi } from './service-api';

/** One answer a page was rendered from, as the service tagged it: while it stands, so does the page. */
export interface DataVersion {
  url: string;
  etag: string;
}

export interface PageData {
  /** Each declared data item's body, by name, for the page's head. */
  data: Record<string, unknown>;
  /** The answers by URL, embedded in the page for its components. */
  responses: Record<string, PreloadedResponse>;
  /**
   * 404 when the page's data does not exist (or the address cannot name any: a 400), 503 when a
   * service failed it, else 200.
   */
  status: number;
  /**
   * The versions of the data the page read, or null when one has none (an answer missing, failed or
   * untagged): a page may be kept for others only while every answer it was made from stands.
   */
  versions: DataVersion[] | null;
}

export const NO_DATA: PageData = { data: {}, responses: {}, status: 200, versions: [] };

/**
 * Fetches what a server-rendered route declares it needs, all at once, within the budget. What does
 * not answer in time is left out: the page fetches it in the browser.
 */
export async function fetchPageData(
  route: ModuleRoute,
  location: { params: Record<string, string | undefined>; search: string },
  getApi: ServiceApi,
  budgetMs: number,
  requestId: string,
): Promise<PageData> {
  const wanted = Object.entries(route.data).flatMap(([name, template]) => {
    const url = resolveDataUrl(template, { ...location, query: route.query });
    return url ? [{ name, url }] : [];
  });
  const answers = await Promise.all(wanted.map(({ url }) => getApi(url, budgetMs, requestId)));
  const page: PageData = { data: {}, responses: {}, status: 200, versions: [] };
  wanted.forEach(({ name, url }, index) => {
    const answer = answers[index];
    if (!answer) {
      page.versions = null;
      return;
    }
    page.data[name] = answer.body;
    page.responses[url] = { status: answer.status, body: answer.body };
    if (answer.status === 200 && answer.etag) page.versions?.push({ url, etag: answer.etag });
    else page.versions = null;
    if (answer.status === 404 || answer.status === 400) page.status = 404;
    else if (answer.status >= 500 && page.status !== 404) page.status = 503;
  });
  return page;
}
