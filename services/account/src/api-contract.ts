import { z } from 'zod';

/** A user as Supabase Auth answers it, in the fields supabase-js and the account pages read. */
const userSchema = z.object({
  id: z.uuid(),
  aud: z.literal('authenticated'),
  role: z.literal('authenticated'),
  email: z.email(),
  email_confirmed_at: z.iso.datetime().nullable(),
  confirmed_at: z.iso.datetime().nullable(),
  last_sign_in_at: z.iso.datetime().nullable(),
  app_metadata: z.object({ provider: z.string(), providers: z.array(z.string()) }),
  user_metadata: z.record(z.string(), z.unknown()),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});

/** A session as Supabase Auth hands it out: supabase-js keeps all of it. */
const sessionSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.literal('bearer'),
  expires_in: z.number().int().positive(),
  expires_at: z.number().int().positive(),
  refresh_token: z.string().min(1),
  user: userSchema,
});

/**
 * What the account service's public API returns (published with each release; see catalog's): the part
 * of Supabase Auth's API the storefront uses, so a release that stops answering as supabase-js expects
 * is refused at deploy. The contract tests read every answer through it.
 */
export const apiContract = {
  'POST /auth/v1/signup': userSchema,
  'POST /auth/v1/token': sessionSchema,
  'POST /auth/v1/verify': sessionSchema,
  'GET /auth/v1/user': userSchema,
  'PUT /auth/v1/user': userSchema,
};
