import { chromium, request as http } from 'playwright-core';

/** The development stack's operator credential and anon key (the bench runs a development stack). */
const OPERATOR = { authorization: 'Bearer development-operator-token-not-for-production' };
const ANON = { apikey: 'storefront-local-anon-key' };
const PASSWORD = 'correct horse battery staple';
const BENCH_AFFILIATE = 'Bench Lab';

let affiliate: Promise<string> | null = null;

/**
 * An approved affiliate of the stack at `site`, made once per bench run through the shop's own APIs:
 * signed up, confirmed from the dev mailbox, applied and approved by the operator routes. Their email.
 */
function approvedAffiliate(site: string): Promise<string> {
  affiliate ??= (async () => {
    const api = await http.newContext({ baseURL: site });
    try {
      const email = `bench-affiliate-${Date.now()}@lab.example`;
      await api.post('/api/account/auth/v1/signup', { headers: ANON, data: { email, password: PASSWORD } });
      const mailbox = await (
        await api.get(`/api/account/dev/mailbox?to=${encodeURIComponent(email)}`)
      ).text();
      const link = /href="([^"]*\/auth\/v1\/verify[^"]*)"/.exec(mailbox)?.[1]?.replaceAll('&amp;', '&');
      if (!link) throw new Error(`no confirmation link for ${email}`);
      await api.get(new URL(link).pathname + new URL(link).search, { maxRedirects: 0 });
      const session = (await (
        await api.post('/api/account/auth/v1/token?grant_type=password', {
          headers: ANON,
          data: { email, password: PASSWORD },
        })
      ).json()) as { access_token: string };
      await api.post('/api/affiliate/applications', {
        headers: { authorization: `Bearer ${session.access_token}` },
        data: { name: BENCH_AFFILIATE, channel: 'https://bench.example', promotion: 'Measured pages.' },
      });
      const listed = (await (
        await api.get('/api/affiliate/operator/affiliates?status=applied', { headers: OPERATOR })
      ).json()) as { affiliates: Array<{ id: string; name: string }> };
      for (const pending of listed.affiliates.filter((entry) => entry.name === BENCH_AFFILIATE))
        await api.post(`/api/affiliate/operator/affiliates/${pending.id}/approve`, { headers: OPERATOR });
      return email;
    } finally {
      await api.dispose();
    }
  })();
  return affiliate;
}

/**
 * Signs the approved affiliate in, in the fresh profile at `port`, as the sign-in form does where no
 * script ran (the server's session cookie), and empties the cache again: the measured load of their
 * portal is still a cold one.
 */
export async function signInAsAffiliate(port: number, url: string): Promise<void> {
  const site = new URL(url).origin;
  const email = await approvedAffiliate(site);
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const [context] = browser.contexts();
    const signedIn = await context!.request.post(`${site}/auth`, {
      form: { _action: 'account/sign-in', email, password: PASSWORD },
      headers: { origin: site },
    });
    if (signedIn.status() >= 400)
      throw new Error(`signing the bench's affiliate in answered ${signedIn.status()}`);
    const page = await context!.newPage();
    const session = await context!.newCDPSession(page);
    await session.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.close();
  }
}
