import { printable, type Queryable } from '@storefront/server-kit';
import { z } from 'zod';
import { newAffiliateCodeSchema } from './affiliate-code';
import { addAffiliate, disableAffiliate, listAffiliates } from './store/affiliates-store';

export const AFFILIATE_USAGE = [
  'Usage: npm run affiliate-codes -- <command>',
  '  add <CODE> "<name>" <rate>   rate as a fraction (0.15) or a percentage (15%)',
  '  list',
  '  disable <CODE>',
].join('\n');

const rateSchema = z
  .string()
  .trim()
  .transform((text) => (text.endsWith('%') ? Number(text.slice(0, -1)) / 100 : Number(text)))
  .pipe(
    z
      .number({ message: 'The rate must be a number.' })
      .gt(0, 'The rate must be above 0.')
      .lt(1, 'The rate must be below 100%.'),
  );

export class CommandError extends Error {}

function parse<T>(schema: z.ZodType<T>, value: string | undefined, what: string): T {
  const result = schema.safeParse(value ?? '');
  if (!result.success)
    throw new CommandError(`${what}: ${result.error.issues[0]?.message}\n\n${AFFILIATE_USAGE}`);
  return result.data;
}

/** Runs one operator command against the checkout database and returns what to print. */
export async function runAffiliateCommand(db: Queryable, args: string[]): Promise<string> {
  const [command, ...rest] = args;
  switch (command) {
    case 'add': {
      const code = parse(newAffiliateCodeSchema, rest[0], 'Code');
      const name = parse(z.string().trim().min(1, 'Give the affiliate a name.'), rest[1], 'Name');
      const discountRate = parse(rateSchema, rest[2], 'Rate');
      const outcome = await addAffiliate(db, { code, name, discountRate });
      if (outcome === 'exists') throw new CommandError(`${code} already exists.`);
      return `Added ${code} (${name}, ${Math.round(discountRate * 10_000) / 100}% off).`;
    }
    case 'list': {
      const affiliates = await listAffiliates(db);
      if (!affiliates.length) return 'No affiliate codes yet.';
      return affiliates
        .map(
          (a) =>
            `${a.code.padEnd(16)} ${`${Math.round(a.discountRate * 10_000) / 100}%`.padStart(7)}  ${a.active ? 'active  ' : 'disabled'}  ${printable(a.name)}`,
        )
        .join('\n');
    }
    case 'disable': {
      const code = parse(newAffiliateCodeSchema, rest[0], 'Code');
      if (!(await disableAffiliate(db, code))) throw new CommandError(`${code} is not an active code.`);
      return `Disabled ${code}; it no longer gives a discount.`;
    }
    default:
      throw new CommandError(AFFILIATE_USAGE);
  }
}
