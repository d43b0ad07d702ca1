import { z } from 'zod';

/** RFC 9457 problem details, the error shape of every service. */
export const problemSchema = z.object({
  type: z.string().optional(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type Problem = z.infer<typeof problemSchema>;

/** Newsletter sign-up (spec sections 3, 5): both fields required, the email checked only for shape. */
export const newsletterSubscriptionSchema = z.object({
  email: z.string().trim().min(1, 'Email is required.').pipe(z.email('Enter a valid email address.')),
  name: z.string().trim().min(1, 'Name is required.'),
});
export type NewsletterSubscription = z.infer<typeof newsletterSubscriptionSchema>;

export const newsletterResultSchema = z.object({ status: z.enum(['subscribed', 'already_subscribed']) });
export type NewsletterResult = z.infer<typeof newsletterResultSchema>;

export const policySlugSchema = z.enum(['refund-policy', 'shipping-policy', 'terms-of-service']);
export type PolicySlug = z.infer<typeof policySlugSchema>;

export const policyDocumentSchema = z.object({
  slug: policySlugSchema,
  title: z.string(),
  summary: z.string(),
  updatedOn: z.string(),
  sections: z.array(z.object({ heading: z.string(), paragraphs: z.array(z.string()) })),
});
export type PolicyDocument = z.infer<typeof policyDocumentSchema>;
