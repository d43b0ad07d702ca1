import { CART_PANEL_PARAMETER } from '@storefront/bus';
import { withParameter } from '@storefront/routing';
import type { FormEcho, FormMessage } from '@storefront/ui';
import type { ServiceAnswer, ServiceCalls } from '../service-calls';
import type { VisitorClues } from '../visitor';

/** What a form handler knows: the fields sent, the page they came from, and who sent them. */
export interface FormContext {
  fields: Record<string, string>;
  /** The page the form is on (path and query), where its answer returns. */
  page: { pathname: string; search: string };
  shopper: { client: string; requestId: string; cookie?: string; userAgent?: string; bucket?: number };
  clues: VisitorClues;
  services: ServiceCalls;
  /** Whether the site is served over HTTPS (cookies are then Secure). */
  secure: boolean;
  siteUrl: string;
}

/** A form done: go on to its result (the payment page, the page with its cart open). */
export interface Redirect {
  redirect: string;
  cookies?: string[];
}

/** A form to show again: the page rendered with what was typed and the spec's message. */
export interface ShowAgain {
  echo: FormEcho;
  status: number;
  cookies?: string[];
}

export type FormResult = Redirect | ShowAgain;
export type FormHandler = (context: FormContext) => Promise<FormResult>;

export const pageAddress = ({ pathname, search }: FormContext['page']) => `${pathname}${search}`;

/** The page with its cart panel open: where a cart form leads. */
export const withCartOpen = ({ pathname, search }: FormContext['page']) =>
  `${pathname}${withParameter(search, CART_PANEL_PARAMETER, 'open')}`;

export function showAgain(
  context: FormContext,
  action: FormEcho['action'],
  message: FormMessage | undefined,
  status = 422,
  outcome?: string,
): ShowAgain {
  return { echo: { action, values: context.fields, message, outcome }, status };
}

export const errorMessage = (title: string, description?: string): FormMessage => ({
  title,
  description,
  tone: 'error',
});

/** The Set-Cookie lines of a service's answer, passed on to the browser (the checkout's cart cookie). */
export const cookiesOf = (answer: ServiceAnswer): string[] => {
  const set = answer.headers['set-cookie'];
  return set === undefined ? [] : ([] as string[]).concat(set);
};

/** A whole number of at least 1 from a field, else 1. */
export function quantityOf(value: string | undefined): number {
  const quantity = Number(value);
  return Number.isInteger(quantity) && quantity >= 1 ? quantity : 1;
}

/** The problem a service answered with: its title and detail, when it gave them. */
export function problemOf(answer: ServiceAnswer): { title: string; detail?: string } | null {
  const body = answer.body as { title?: unknown; detail?: unknown } | undefined;
  return typeof body?.title === 'string'
    ? { title: body.title, detail: typeof body.detail === 'string' ? body.detail : undefined }
    : null;
}
