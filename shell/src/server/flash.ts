import type { FormEcho } from '@storefront/routing/server-module';
import { z } from 'zod';

/**
 * A form the server completed with a redirect tells the page it leads to what happened, once: its echo
 * (the message a script would have shown as a toast, what was typed) in a short-lived httpOnly cookie,
 * read by the next page of this visitor and cleared there. Such a page is the visitor's own.
 */
export const FLASH_COOKIE = 'storefront-flash';
const FLASH_SECONDS = 60;
/** A cookie is kept to about 4 KB: past this, what was typed is left out and the message goes alone. */
const MOST_BYTES = 3_000;

const echoSchema = z.object({
  action: z.string().max(100),
  values: z.record(z.string(), z.string().max(1_000)),
  message: z
    .object({
      title: z.string().max(300),
      description: z.string().max(1_000).optional(),
      tone: z.enum(['error', 'success', 'info']),
    })
    .optional(),
  outcome: z.string().max(100).optional(),
});

const attributes = (secure: boolean) => `Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

export function flashCookie(echo: FormEcho, secure: boolean): string {
  let json = JSON.stringify(echo);
  if (json.length > MOST_BYTES) json = JSON.stringify({ ...echo, values: {} });
  return `${FLASH_COOKIE}=${Buffer.from(json).toString('base64url')}; Max-Age=${FLASH_SECONDS}; ${attributes(secure)}`;
}

export const clearFlashCookie = (secure: boolean) => `${FLASH_COOKIE}=; Max-Age=0; ${attributes(secure)}`;

/** The echo a request's flash cookie carries; null when it carries none, or nothing readable. */
export function flashOf(cookies: ReadonlyMap<string, string>): FormEcho | null {
  const value = cookies.get(FLASH_COOKIE);
  if (!value) return null;
  try {
    const echo = echoSchema.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    return echo.success ? echo.data : null;
  } catch {
    return null;
  }
}
