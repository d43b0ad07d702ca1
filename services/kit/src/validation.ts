import { z } from 'zod';
import { HttpProblem } from './problems';

/** Parses input with a zod schema, or throws a 400 problem naming each bad field. */
export function parseInput<S extends z.core.$ZodType>(
  schema: S,
  input: unknown,
  title = 'Invalid request',
): z.output<S> {
  const result = z.safeParse(schema, input);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    field: issue.path.join('.') || '(body)',
    message:
      issue.code === 'invalid_type' && issue.input === undefined ? 'This field is required.' : issue.message,
  }));
  throw new HttpProblem(400, title, errors.map((e) => e.message).join(' '), errors);
}
