import { clientAddress, requestIdOf, type Logger, type TrustProxy } from '@storefront/server-kit';
import {
  ACTION_FIELD,
  pageAddress,
  type ActionRequest,
  type ActionResult,
} from '@storefront/routing/server-module';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { ageCookie } from '../app/age-verification';
import type { PageOutcome } from './pages';
import { sitePath } from './site-path';
import { flashCookie } from './flash';
import { OWN_PAGE } from './page-writer';
import { fromThisOrigin } from './same-origin';
import type { ShopperView } from './shopper-view';
import type { ModuleAccess, VisitorClues } from './visitor';

/**
 * The shell's own part of the form protocol: the age gate's YES (`_action=age`), and two fields any
 * form may carry: `ageGate=required` (its action needs the visitor's age answered first: the page is
 * shown again asking, spec section 4's product page) and `ageConfirmed=yes` (the answer, given with it).
 */
const AGE_ACTION = 'age';
const AGE_GATE_FIELD = 'ageGate';
const AGE_CONFIRMED_FIELD = 'ageConfirmed';

/** A form's fields as text, the first of any field sent twice; nothing else (no arrays, no objects). */
function fieldsOf(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    const text = Array.isArray(value) ? value[0] : value;
    if (typeof text === 'string' && !Object.hasOwn(fields, name)) fields[name] = text;
  }
  return fields;
}

/** Where a form may lead: a path of this site (one leading slash), or a payment page the site allows. */
function allowedRedirect(target: string, paymentOrigins: readonly string[]): boolean {
  if (target.startsWith('/')) return !/^\/[/\\]/.test(target);
  try {
    return paymentOrigins.includes(new URL(target).origin);
  } catch {
    return false;
  }
}

export interface FormActionsOptions {
  viewFor(req: Request): ShopperView;
  cluesOf(req: Request): VisitorClues;
  modulesFor(req: Request): ModuleAccess;
  /** Renders the page the form was on again, with the form's echo. */
  sendPage(req: Request, res: Response, outcome: PageOutcome): Promise<void>;
  siteUrl: string;
  /** Where a form may send the shopper beyond this site: the payment pages. */
  paymentOrigins: readonly string[];
  logger: Logger;
}

/**
 * Every shopper form that no script took over (JavaScript off, or not yet run) posts to the page it is
 * on; its `_action` names the module and the action (`checkout/order`), which the shell has that module
 * carry out, from the release the shopper is served (its `server` module). The shell holds no action of
 * a module's and reads none of its fields. Only a page of this shop may send one (a form on another site
 * would carry the shopper's cookies). The answer is a 303 to the result, or the page again with what
 * was typed and the spec's message.
 */
export function formActions(options: FormActionsOptions): RequestHandler[] {
  const { siteUrl, logger } = options;
  const secure = siteUrl.startsWith('https:');

  async function answer(req: Request, res: Response, result: ActionResult) {
    if (result.cookies?.length) res.append('Set-Cookie', result.cookies);
    if (!('redirect' in result)) {
      await options.sendPage(req, res, { echo: result.echo, status: result.status });
      return;
    }
    if (!allowedRedirect(result.redirect, options.paymentOrigins)) {
      logger.error({ requestId: requestIdOf(req), redirect: result.redirect }, 'a form led off the site');
      res
        .status(502)
        .set('Cache-Control', OWN_PAGE)
        .type('text/plain')
        .send('This could not be done right now. Please go back and try again.');
      return;
    }
    if (result.flash) res.append('Set-Cookie', flashCookie(result.flash, secure));
    // A form's answer is the visitor's own (it sets their cookies): no cache keeps it.
    res.set('Cache-Control', OWN_PAGE).redirect(303, result.redirect);
  }

  /**
   * What the named action is, for this shopper: `module/action`, or an action's bare name when exactly
   * one module they are served declares it (a page from before names were qualified). Null when none is.
   */
  async function actionOf(req: Request, name: string) {
    const { manifests } = options.viewFor(req);
    const declares = (module: string, action: string) =>
      Object.hasOwn(manifests, module) && Object.hasOwn(manifests[module]!.actions, action);
    const ownerOf = (action: string) => {
      const owners = Object.keys(manifests).filter((module) => declares(module, action));
      return owners.length === 1 ? [owners[0]!, action] : [];
    };
    const [module = '', action = ''] = name.includes('/') ? name.split('/', 2) : ownerOf(name);
    if (!declares(module, action)) return null;
    const access = options.modulesFor(req);
    const actions = (await access.serverModule(module)).actions;
    const run = actions && Object.hasOwn(actions, action) ? actions[action] : undefined;
    return run ? { name: `${module}/${action}`, run, service: access.service(module) } : null;
  }

  async function complete(req: Request, res: Response, fields: Record<string, string>) {
    const name = fields[ACTION_FIELD] ?? '';
    const clues = options.cluesOf(req);
    const agreed = fields[AGE_CONFIRMED_FIELD] === 'yes';
    const ageCookies = agreed && !clues.ageVerified ? [ageCookie(secure)] : [];
    const page = { pathname: sitePath(req.path), search: clues.search };
    if (name === AGE_ACTION)
      return answer(req, res, { redirect: pageAddress(page), cookies: [ageCookie(secure)] });
    const action = await actionOf(req, name);
    if (!action) {
      res.status(400).type('text/plain').send('This form cannot be sent here.');
      return;
    }
    if (fields[AGE_GATE_FIELD] === 'required' && !clues.ageVerified && !agreed) {
      const echo = { action: action.name, values: fields, outcome: 'age-required' };
      return options.sendPage(req, res, { echo, status: 200 });
    }
    const request: ActionRequest = {
      fields,
      page,
      cookies: clues.cookies,
      service: action.service,
      secure,
      siteUrl,
    };
    const result = await action.run(request);
    await answer(req, res, { ...result, cookies: [...ageCookies, ...(result.cookies ?? [])] });
  }

  return [
    express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 60 }),
    async (req, res) => {
      if (!fromThisOrigin(req)) {
        res.status(403).type('text/plain').send('This form can only be sent from a page of this shop.');
        return;
      }
      await complete(req, res, fieldsOf(req.body)).catch((error: unknown) => {
        logger.error({ err: error, requestId: requestIdOf(req) }, 'a form could not be completed');
        if (res.headersSent) return res.destroy();
        res
          .status(503)
          .type('text/plain')
          .send('This could not be done right now. Please go back and try again.');
      });
    },
  ];
}

/** The shopper a form or a page is served for, as services see them: their address, cookies, request id. */
export const shopperOf = (req: Request, trustProxy: TrustProxy, bucket: number | undefined) => ({
  client: clientAddress(req, trustProxy),
  requestId: requestIdOf(req),
  cookie: req.headers.cookie,
  userAgent: req.get('user-agent'),
  // A shopper given a canary reaches its service, as their scripts would.
  bucket,
});
