import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { INLINE_SCRIPT_HASHES } from './document';

/** What a script needs said about itself: its type is as declared, and other sites may not embed it. */
export const scriptHeaders = [helmet.xContentTypeOptions(), helmet.crossOriginResourcePolicy()];

export interface PagePolicyOptions {
  /** Where a form sent without scripts may lead beyond this site: the payment pages. */
  paymentOrigins: readonly string[];
  /** A hosted auth provider the pages' scripts call (Supabase), if any. */
  authOrigin?: string;
  /** Where a page in the one-module loop may load scripts from and open its update socket ("'self'" else). */
  devServer(req: IncomingMessage): string;
}

/** Every page's policies: its scripts are the site's own (and its two inline ones), its forms lead only here or to pay. */
export function pagePolicy({ paymentOrigins, authOrigin, devServer }: PagePolicyOptions): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'", ...INLINE_SCRIPT_HASHES, devServer],
        // styled-components writes its rules into <style> elements at run time.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        // A checkout form sent without scripts is answered with a redirect to the hosted payment page.
        'form-action': ["'self'", ...paymentOrigins],
        'connect-src': ["'self'", ...(authOrigin ? [authOrigin] : []), devServer],
        'upgrade-insecure-requests': null,
      },
    },
  });
}

/**
 * The headers a middleware sets on every answer (helmet's, for a page that is no developer's): set once
 * on a stand-in answer and kept, for pages sent without the page app.
 */
export function headersSetBy(middleware: RequestHandler): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  const answer = {
    setHeader: (name: string, value: string | number | string[]) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
    getHeader: () => undefined,
  };
  middleware({ headers: {}, method: 'GET', url: '/' } as never, answer as never, () => undefined);
  return headers;
}
