import * as z from '@storefront/schema';
import type { RouteDeclaration } from './declarations';

/**
 * The route declarations as they travel in builds and in the registry, checked wherever they are read
 * (the build that writes them, the registry that stores them).
 */
const text = z.string().check(z.minLength(1));
const apiUrl = z.string().check(z.startsWith('/api/'));

export const routeDeclarationSchema = z.object({
  path: z.string().check(z.regex(/^\/[^\s?#]*$/, 'must be a path starting with /')),
  exposed: text,
  label: text,
  render: z.enum(['server', 'client']),
  data: z.record(z.string(), apiUrl),
  query: z.record(z.string(), z.string()),
  head: z.object({ title: text, description: text }),
  indexed: z.boolean(),
  sitemap: z.optional(z.object({ list: apiUrl, items: text, field: text, param: text })),
}) satisfies z.ZodMiniType<RouteDeclaration>;

export const routeDeclarationsSchema = z.array(routeDeclarationSchema);
