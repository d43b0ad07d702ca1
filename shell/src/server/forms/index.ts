import { bucketOf } from '../canary-bucket';
import { clientAddress, requestIdOf, type Logger, type TrustProxy } from '@storefront/service-kit';
import { ACTION_FIELD, type FormActionName } from '@storefront/ui';
import express, { type RequestHandler } from 'express';
import type { PageOutcome } from '../pages';
import { fromThisOrigin } from '../same-origin';
import type { ServiceCalls } from '../service-calls';
import { visitorClues } from '../visitor';
import { applyAffiliateCode, followReferralLink, removeAffiliateCode } from './affiliate';
import { answerAgeGate } from './age';
import { resendConfirmation, signIn, signUp } from './auth';
import { addToCart, buyNow, removeLine, setLineQuantity } from './cart';
import type { FormHandler } from './form-kit';
import { subscribe } from './newsletter';
import { placeOrder } from './order';

/** Each form a shopper uses, by the action its hidden field names, and what completes it. */
const HANDLERS: Record<FormActionName, FormHandler> = {
  age: answerAgeGate,
  'cart-add': addToCart,
  'buy-now': buyNow,
  'cart-quantity': setLineQuantity,
  'cart-remove': removeLine,
  newsletter: subscribe,
  affiliate: applyAffiliateCode,
  'affiliate-remove': removeAffiliateCode,
  order: placeOrder,
  'sign-in': signIn,
  'sign-up': signUp,
  resend: resendConfirmation,
};

/** A form's fields as text, the first of any field sent twice; nothing else (no arrays, no objects). */
function fieldsOf(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    const text = Array.isArray(value) ? value[0] : value;
    if (typeof text === 'string') fields[name] = text;
  }
  return fields;
}

export interface FormRoutesOptions {
  services: ServiceCalls;
  /** Renders the page the form was on again, with the form's echo. */
  sendPage(req: express.Request, res: express.Response, outcome: PageOutcome): Promise<void>;
  trustProxy: TrustProxy;
  siteUrl: string;
  logger: Logger;
}

/**
 * The shell's server completes every shopper form that no script took over (JavaScript off, or not
 * yet run): a POST to the page the form is on, its `_action` naming what to do. Only a page of this
 * shop may send one (a form on another site is refused, as its cookies would be the shopper's). The
 * answer is a 303 to the result, or the page again with what was typed and the spec's message.
 * An affiliate's link (/ref/{code}) is completed the same way, as a GET from anywhere: following
 * links from other sites is what it is for.
 */
export function formRoutes({ services, sendPage, trustProxy, siteUrl, logger }: FormRoutesOptions) {
  const secure = siteUrl.startsWith('https:');

  async function complete(
    req: express.Request,
    res: express.Response,
    handler: FormHandler,
    fields: Record<string, string>,
  ) {
    const at = req.originalUrl.indexOf('?');
    const search = at === -1 ? '' : req.originalUrl.slice(at);
    const result = await handler({
      fields,
      page: { pathname: req.path, search },
      shopper: {
        client: clientAddress(req, trustProxy),
        requestId: requestIdOf(req),
        cookie: req.headers.cookie,
        userAgent: req.get('user-agent'),
        // A shopper given a canary sends their form to its service, as their scripts would.
        bucket: bucketOf(req),
      },
      clues: visitorClues(req, search),
      services,
      secure,
      siteUrl,
    }).catch((error: unknown) => {
      logger.error({ err: error, requestId: requestIdOf(req) }, 'a form could not be completed');
      return null;
    });
    if (!result) {
      res
        .status(503)
        .type('text/plain')
        .send('This could not be done right now. Please go back and try again.');
      return;
    }
    if ('redirect' in result) {
      if (result.cookies?.length) res.append('Set-Cookie', result.cookies);
      res.redirect(303, result.redirect);
      return;
    }
    await sendPage(req, res, { echo: result.echo, status: result.status, cookies: result.cookies });
  }

  const forms: RequestHandler[] = [
    express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 60 }),
    async (req, res) => {
      if (!fromThisOrigin(req)) {
        res.status(403).type('text/plain').send('This form can only be sent from a page of this shop.');
        return;
      }
      const fields = fieldsOf(req.body);
      const handler = HANDLERS[fields[ACTION_FIELD] as FormActionName];
      if (!handler) {
        res.status(400).type('text/plain').send('This form cannot be sent here.');
        return;
      }
      await complete(req, res, handler, fields);
    },
  ];
  const referralLink: RequestHandler = async (req, res, next) => {
    if (!req.accepts('html')) return next();
    await complete(req, res, followReferralLink, { code: String(req.params.code ?? '') });
  };
  return { forms, referralLink };
}
