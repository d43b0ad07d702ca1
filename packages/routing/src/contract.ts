import * as z from '@storefront/schema';
import type { RouteDeclaration } from './declarations';
import type { ModuleManifest } from './manifest';

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
  personal: z._default(z.boolean(), false),
  sitemap: z.optional(z.object({ list: apiUrl, items: text, field: text, param: text })),
  serverLoader: z._default(z.boolean(), false),
  loaderParameters: z._default(z.array(text), []),
}) satisfies z.ZodMiniType<RouteDeclaration, unknown>;

export const routeDeclarationsSchema = z.array(routeDeclarationSchema);

const names = z.array(text);
const sitePath = z.string().check(z.regex(/^\/[^\s#]*$/, 'must be an address on this site'));

/** A module's manifest, as its build writes it and the registry records it with each release. */
export const moduleManifestSchema = z.object({
  routes: routeDeclarationsSchema,
  actions: z.record(z.string().check(z.regex(/^[a-z][a-z0-9-]*$/)), z.object({ fields: names })),
  fragments: names,
  slots: z.record(text, text),
  links: z.array(z.object({ place: text, href: sitePath, label: text, action: z.optional(text) })),
  bindings: z.array(
    z.object({
      exposed: text,
      wakeOn: z.object({
        cookies: z.optional(names),
        storage: z.optional(names),
        session: z.optional(names),
        hash: z.optional(names),
        parameters: z.optional(names),
        events: z.optional(names),
      }),
      asleep: z.optional(z.record(z.string(), z.unknown())),
    }),
  ),
  cookies: z.array(z.object({ name: text, personal: z.boolean() })),
  retrySafe: z.array(z.string().check(z.regex(/^(POST|PUT|PATCH|DELETE) \/\S*$/))),
  uses: z.object({ fragments: names, actions: names, routes: names }),
}) satisfies z.ZodMiniType<ModuleManifest, unknown>;
