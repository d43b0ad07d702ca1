import { z } from 'zod';
import { HttpProblem } from './problems';

/** What a field of the wrong type should have been, in words. */
const EXPECTED: Record<string, string> = {
  string: 'Must be text.',
  number: 'Must be a number.',
  int: 'Must be a whole number.',
  boolean: 'Must be true or false.',
  array: 'Must be a list.',
  object: 'Must be an object.',
};

function messageOf(issue: z.core.$ZodIssue): string {
  if (issue.code !== 'invalid_type') return issue.message;
  if (issue.input === undefined) return 'This field is required.';
  return EXPECTED[issue.expected] ?? 'Has the wrong type.';
}

/** Parses input with a zod schema, or throws a 400 problem naming each bad field. */
export function parseInput<S extends z.core.$ZodType>(
  schema: S,
  input: unknown,
  title = 'Invalid request',
): z.output<S> {
  // The input is reported so that a missing field and a field of the wrong type read differently.
  const result = z.safeParse(schema, input, { reportInput: true });
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    field: issue.path.join('.') || '(body)',
    message: messageOf(issue),
  }));
  throw new HttpProblem(400, title, errors.map((e) => e.message).join(' '), errors);
}
