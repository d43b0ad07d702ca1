import * as z from '@storefront/schema';

/** RFC 9457 problem details, the error shape of every service. */
export const problemSchema = z.object({
  type: z.optional(z.string()),
  title: z.string(),
  status: z.int(),
  detail: z.optional(z.string()),
  errors: z.optional(z.array(z.object({ field: z.string(), message: z.string() }))),
});
export type Problem = z.infer<typeof problemSchema>;
