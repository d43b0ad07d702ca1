import { newsletterSubscriptionSchema, policyDocumentSchema } from './content-schemas';

const messagesOf = (input: unknown) => {
  const result = newsletterSubscriptionSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('a newsletter sign-up', () => {
  it('is kept trimmed', () => {
    expect(newsletterSubscriptionSchema.parse({ email: '  ana@lab.example ', name: ' Ana ' })).toEqual({
      email: 'ana@lab.example',
      name: 'Ana',
    });
  });

  it('says which field is missing, spaces counting as nothing', () => {
    expect(messagesOf({ email: ' ', name: '' })).toEqual([
      ['email', 'Email is required.'],
      ['name', 'Name is required.'],
    ]);
  });

  it('checks the email for its shape only', () => {
    expect(messagesOf({ email: 'ana@lab', name: 'Ana' })).toEqual([
      ['email', 'Enter a valid email address.'],
    ]);
    expect(messagesOf({ email: 'not-an-email', name: 'Ana' })).toEqual([
      ['email', 'Enter a valid email address.'],
    ]);
    expect(messagesOf({ email: 'a.b+c@sub.lab.example', name: 'Ana' })).toEqual([]);
  });
});

describe('a policy document', () => {
  const policy = {
    slug: 'refund-policy',
    title: 'Refund Policy',
    summary: 'When an order may be refunded.',
    updatedOn: '2026-11-01',
    sections: [{ heading: 'Eligibility', paragraphs: ['Unopened vials, within 30 days.'] }],
  };

  it('is one of the three policies', () => {
    expect(policyDocumentSchema.parse(policy)).toEqual(policy);
    for (const slug of ['shipping-policy', 'terms-of-service'])
      expect(policyDocumentSchema.safeParse({ ...policy, slug }).success).toBe(true);
    expect(policyDocumentSchema.safeParse({ ...policy, slug: 'privacy-policy' }).success).toBe(false);
  });
});
