import type { Affiliate } from './store/affiliates-store';

export const OPERATOR_USAGE = [
  'Usage: npm run affiliates -- <command>',
  '  list [applied|approved|declined]   every affiliate and application, or those in one standing',
  '  approve <id>                       approves an application: the affiliate gets a code of their own',
  '  decline <id>                       declines an application',
].join('\n');

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
    a.name,
    a.channel,
  ].join('  ');

/**
 * Runs one operator command through the affiliate service's operator routes, as any client would: it
 * works while the site runs, on either database, and from any machine that may reach the routes.
 */
export async function runOperatorCommand(args: string[], endpoint: OperatorEndpoint): Promise<string> {
  const [command, argument] = args;
  const call = async (method: 'GET' | 'POST', path: string) => {
    let answer: Response;
    try {
      answer = await fetch(`${endpoint.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${endpoint.token}`, accept: 'application/json' },
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
        ? `Approved ${affiliate.name}: their code is ${affiliate.code}.`
        : `Declined ${affiliate.name}.`;
    }
    default:
      throw new OperatorCommandError(OPERATOR_USAGE);
  }
}
