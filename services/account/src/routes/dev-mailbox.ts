import type { Database } from '@storefront/server-kit';
import { Router } from 'express';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * Development only (no SMTP_URL): the messages the service would have emailed, newest first, so a
 * newcomer can click a confirmation link. Behind the shell: /api/account/dev/mailbox.
 */
export function devMailboxRoutes(db: Database): Router {
  const router = Router();
  router.get('/dev/mailbox', async (req, res) => {
    const to = typeof req.query.to === 'string' ? req.query.to : null;
    const { rows } = await db.query<{
      to_email: string;
      subject: string;
      text_body: string;
      link: string | null;
      sent_at: Date;
    }>(
      `SELECT to_email, subject, text_body, link, sent_at FROM dev_mailbox
        WHERE $1::text IS NULL OR lower(to_email) = lower($1) ORDER BY id DESC LIMIT 50`,
      [to],
    );
    const messages = rows
      .map(
        (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To ${escapeHtml(m.to_email)} · ${new Date(m.sent_at).toISOString()}</p>
  <pre>${escapeHtml(m.text_body)}</pre>
  ${m.link ? `<p><a href="${escapeHtml(m.link)}">Open the link</a></p>` : ''}
</article>`,
      )
      .join('\n');
    // A page, unlike the service's other answers: its own inline style may apply, nothing else.
    res
      .set('Cache-Control', 'no-store')
      .set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
      .type('html').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#0f1b2d}
article{border:1px solid #d9e1ea;border-radius:10px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}.meta{color:#4a5668}</style>
</head><body><h1>Development mailbox</h1>
<p>Emails the account service would have sent (no SMTP server is configured).</p>
${messages || '<p>No messages yet.</p>'}
</body></html>`);
  });
  return router;
}
