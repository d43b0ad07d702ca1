import * as z from '@storefront/schema';

// In a file of their own: a module that imports only the problem shape does not carry these.

/** Newsletter sign-up (spec sections 3, 5): both fields required, the email checked only for shape. */
export const newsletterSubscriptionSchema = z.object({
  email: z.pipe(
    z.string().check(z.trim(), z.minLength(1, 'Email is required.')),
    z.email('Enter a valid email address.'),
  ),
  name: z.string().check(z.trim(), z.minLength(1, 'Name is required.')),
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
