import { matchRoutes } from 'react-router-dom';
import type { RouteDeclaration } from './declarations';

type RouteInput = Pick<RouteDeclaration, 'path' | 'exposed' | 'label' | 'head'> &
  Partial<Omit<RouteDeclaration, 'path' | 'exposed' | 'label' | 'head'>>;

/**
 * A remote's route declarations, with the defaults written out: rendered on the server, no data,
 * indexed. The remote's webpack config reads them into its build declaration.
 */
export function defineRoutes(routes: RouteInput[]): RouteDeclaration[] {
  return routes.map(
    ({
      render = 'server',
      data = {},
      query = {},
      indexed = true,
      personal = false,
      serverLoader = false,
      loaderParameters = [],
      ...route
    }) => ({
      ...route,
      render,
      data,
      query,
      indexed,
      personal,
      serverLoader,
      loaderParameters,
    }),
  );
}

/**
 * A page for one visitor alone (their cart, their order, a code they followed, their account): kept by
 * no cache, out of the sitemap and out of search engines.
 */
export const visitorPage = (
  path: string,
  route: Omit<RouteInput, 'path' | 'indexed' | 'personal'>,
): RouteInput => ({
  path,
  ...route,
  indexed: false,
  personal: true,
});

/** The page a path belongs to, with its path parameters; null when no route has it (not found). */
export function matchPage<R extends { path: string }>(
  routes: readonly R[],
  pathname: string,
): { route: R; params: Record<string, string | undefined> } | null {
  // Routes are handed to react-router by path only: its ranking picks the most specific match.
  const [match] =
    matchRoutes(
      routes.map((route) => ({ path: route.path, route })),
      pathname,
    ) ?? [];
  return match ? { route: match.route.route, params: match.params } : null;
}
