import { csvCell, printable } from '@storefront/server-kit';
import type { Affiliate } from './store/affiliates-store';

export const OPERATOR_USAGE = [
  'Usage: npm run affiliates -- <command>',
  '  list [applied|approved|declined]   every affiliate and application, or those in one standing',
  '  approve <id>                       approves an application: the affiliate gets a code of their own',
  '  decline <id>                       declines an application',
  "  rate <id> <percent>                sets an affiliate's commission rate (default 10)",
  '  payouts [--csv]                    what each affiliate is owed now (payable commissions)',
  '  pay <id>                           records that an affiliate was paid all they are owed now',
].join('\n');

interface Payable {
  affiliateId: string;
  name: string;
  code: string;
  payableCents: number;
  orders: number;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The payout list, for people (aligned) or for a spreadsheet (CSV, dollars with two decimals). */
function payoutsOf(payables: Payable[], csv: boolean): string {
  if (csv) {
    const header = 'affiliate_id,name,code,orders,amount_usd';
    const rows = payables.map((p) =>
      // Only what someone typed can lead with a formula's sign; the figures stay figures.
      [csvCell(p.affiliateId), csvCell(p.name), csvCell(p.code), p.orders, dollars(p.payableCents)].join(','),
    );
    return [header, ...rows].join('\n');
  }
  if (payables.length === 0) return 'Nothing is owed.';
  return payables
    .map((p) =>
      [
        p.affiliateId,
        p.code.padEnd(8),
        `$${dollars(p.payableCents)}`.padStart(10),
        `${p.orders} orders`,
        printable(p.name),
      ].join('  '),
    )
    .join('\n');
}

export class OperatorCommandError extends Error {}

/** Where the operator routes are, and the credential they take. */
export interface OperatorEndpoint {
  /** The service's operator routes' base, as reached from here (the shop's /api/affiliate by default). */
  baseUrl: string;
  token: string;
}

const STANDINGS = ['applied', 'approved', 'declined'];

/** One line per affiliate: what an operator decides by, and the id to decide with. */
const lineOf = (a: Affiliate) =>
  [
    a.id,
    a.status.padEnd(8),
    (a.code ?? '-').padEnd(8),
    `${a.commissionRateBp / 100}%`.padStart(6),
    printable(a.name),
    printable(a.channel),
  ].join('  ');

/**
 * Runs one operator command through the affiliate service's operator routes, as any client would: it
 * works while the site runs, on either database, and from any machine that may reach the routes.
 */
export async function runOperatorCommand(args: string[], endpoint: OperatorEndpoint): Promise<string> {
  const [command, argument, value] = args;
  const needsId = () => {
    if (!argument)
      throw new OperatorCommandError(
        `Name the affiliate by its id (npm run affiliates -- list).\n\n${OPERATOR_USAGE}`,
      );
    return encodeURIComponent(argument);
  };
  const call = async (method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown) => {
    let answer: Response;
    try {
      answer = await fetch(`${endpoint.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${endpoint.token}`,
          accept: 'application/json',
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
      });
    } catch {
      throw new OperatorCommandError(
        `The affiliate service does not answer at ${endpoint.baseUrl}. Is the site running?`,
      );
    }
    const body = (await answer.json().catch(() => null)) as Record<string, unknown> | null;
    if (!answer.ok) {
      throw new OperatorCommandError(
        `${String(body?.title ?? answer.status)}: ${String(body?.detail ?? '')}`.trim(),
      );
    }
    return body;
  };
  switch (command) {
    case 'list': {
      if (argument !== undefined && !STANDINGS.includes(argument))
        throw new OperatorCommandError(`List applied, approved or declined affiliates.\n\n${OPERATOR_USAGE}`);
      const body = await call('GET', `/operator/affiliates${argument ? `?status=${argument}` : ''}`);
      const affiliates = (body?.affiliates ?? []) as Affiliate[];
      return affiliates.length ? affiliates.map(lineOf).join('\n') : 'No affiliates or applications.';
    }
    case 'approve':
    case 'decline': {
      if (!argument)
        throw new OperatorCommandError(
          `Name the application by its id (npm run affiliates -- list).\n\n${OPERATOR_USAGE}`,
        );
      const affiliate = (await call(
        'POST',
        `/operator/affiliates/${encodeURIComponent(argument)}/${command}`,
      )) as unknown as Affiliate;
      return command === 'approve'
        ? `Approved ${printable(affiliate.name)}: their code is ${affiliate.code}.`
        : `Declined ${printable(affiliate.name)}.`;
    }
    case 'rate': {
      const percent = Number(value);
      if (value === undefined || !Number.isFinite(percent))
        throw new OperatorCommandError(
          `Give the rate as a percentage, e.g. rate <id> 12.5.\n\n${OPERATOR_USAGE}`,
        );
      const affiliate = (await call('PUT', `/operator/affiliates/${needsId()}/commission-rate`, {
        percent,
      })) as unknown as Affiliate;
      return `${printable(affiliate.name)} now earns ${affiliate.commissionRateBp / 100}% commission.`;
    }
    case 'payouts': {
      if (argument !== undefined && argument !== '--csv')
        throw new OperatorCommandError(`payouts takes only --csv.\n\n${OPERATOR_USAGE}`);
      const body = await call('GET', '/operator/payouts');
      return payoutsOf((body?.payouts ?? []) as Payable[], argument === '--csv');
    }
    case 'pay': {
      const payout = (await call('POST', `/operator/affiliates/${needsId()}/payouts`)) as unknown as {
        amountCents: number;
        orders: number;
      };
      return `Recorded a payout of $${dollars(payout.amountCents)} for ${payout.orders} orders.`;
    }
    default:
      throw new OperatorCommandError(OPERATOR_USAGE);
  }
}
