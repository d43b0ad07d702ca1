import type { IncomingMessage } from 'node:http';
import type { ModuleService, ServerModule } from '@storefront/routing/server-module';
import { addressState } from '../app/address-state';
import { AGE_VERIFIED_COOKIE } from '../app/age-verification';
import type { VisitorState } from '../page-state';
import { cookiesOf } from './cookies';
import type { ShopperView } from './shopper-view';

/** What a request says of its visitor without asking anyone: its cookies and its address. */
export interface VisitorClues {
  cookies: ReadonlyMap<string, string>;
  ageVerified: boolean;
  search: string;
}

export function visitorClues(req: IncomingMessage, search: string): VisitorClues {
  const cookies = cookiesOf(req);
  return { cookies, ageVerified: cookies.get(AGE_VERIFIED_COOKIE) === 'true', search };
}

/** The modules a request's cookies make the page personal for (a cart, a code): their visitor seeds go in. */
export const personalModules = (clues: VisitorClues, view: ShopperView): string[] =>
  Object.entries(view.manifests)
    .filter(([, manifest]) => manifest.cookies.some((c) => c.personal && clues.cookies.has(c.name)))
    .map(([module]) => module);

/** Whether the page is this visitor's own (a module's personal cookie is in the request): never one to share. */
export const isPersonal = (clues: VisitorClues, view: ShopperView) =>
  [...clues.cookies.keys()].some((name) => view.personalCookies.has(name));

/** How the shell reaches a module for one shopper: its server module, and its service as them. */
export interface ModuleAccess {
  serverModule(module: string): Promise<ServerModule>;
  service(module: string): ModuleService;
}

/**
 * What the page is rendered with of its visitor: the age answer, the search and the cart panel in the
 * address (the shell's own), what each module whose personal cookie the request carries knows of them
 * (its visitor loader's seeds), and the bindings the server saw a reason to wake. A module that does not
 * answer leaves the page as a newcomer would see it; the browser asks again.
 */
export async function visitorOf(
  clues: VisitorClues,
  view: ShopperView,
  sources: ModuleAccess,
): Promise<VisitorState> {
  const seeds = await Promise.all(
    personalModules(clues, view).map(async (module) => {
      try {
        const load = (await sources.serverModule(module)).visitor;
        return load ? await load({ cookies: clues.cookies, service: sources.service(module) }) : {};
      } catch {
        return {};
      }
    }),
  );
  // What the page's scripts cannot see for themselves: a personal cookie (httpOnly, the cart's).
  const wake = Object.entries(view.manifests).flatMap(([module, manifest]) =>
    manifest.bindings
      .filter((binding) =>
        binding.wakeOn.cookies?.some((name) => view.personalCookies.has(name) && clues.cookies.has(name)),
      )
      .map((binding) => `${module}/${binding.exposed}`),
  );
  return {
    ...addressState(clues.search),
    ageVerified: clues.ageVerified,
    seeds: Object.assign({}, ...seeds) as Record<string, unknown>,
    wake,
  };
}
