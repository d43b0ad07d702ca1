import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { asVerifiedAdult, lineCount, MOBILE, toast, uniqueEmail } from '../support/fixtures';
import {
  confirmedResearcher,
  PASSWORD as RESEARCHER_PASSWORD,
  signInOnTheServer,
} from '../support/researcher';

test.beforeEach(async ({ page }) => asVerifiedAdult(page));

const PASSWORD = 'lab-bench-42';

async function fillAndSubmit(
  page: Page,
  tab: 'Sign In' | 'Sign Up',
  email: string,
  password: string,
  confirm = password,
) {
  await page.getByRole('tab', { name: tab }).click();
  // The tab's own form: the router may still show the other tab's form for a moment after the click,
  // and its fields carry the same labels.
  const panel = page.getByRole('tabpanel', { name: tab });
  await panel.getByLabel('Email').fill(email);
  await panel.getByLabel('Password', { exact: true }).fill(password);
  if (tab === 'Sign Up') await panel.getByLabel('Confirm Password').fill(confirm);
  await panel
    .getByRole('button', { name: tab === 'Sign In' ? 'Sign In' : 'Create Account', exact: true })
    .click();
}

const form = (page: Page) => page.getByRole('tabpanel');

test(
  'sign up, confirm from the dev mailbox (signed in on arrival), sign out and in, stay signed in',
  { tag: '@journey' },
  async ({ page }) => {
    test.slow(); // a long journey across pages and services: allow for a busy machine
    const email = uniqueEmail('researcher');
    await page.goto('/auth');
    await expect(page.getByRole('note')).toContainText('research institutions');
    await fillAndSubmit(page, 'Sign Up', email, PASSWORD);
    await expect(form(page).getByRole('status')).toHaveText(
      'Account created successfully! Please check your email for a confirmation link.',
    );

    await fillAndSubmit(page, 'Sign In', email, PASSWORD);
    await expect(form(page).getByRole('alert')).toHaveText(
      'Please check your email and click the confirmation link before signing in.',
    );

    await page.goto(`/api/account/dev/mailbox?to=${encodeURIComponent(email)}`);
    await expect(page.getByRole('heading', { name: 'Confirm your signup' })).toBeVisible();
    await page.getByRole('link', { name: 'Open the link' }).click();
    // Signed in on arrival, as with Supabase, told so, and the session is gone from the address.
    await expect(toast(page, 'Email confirmed')).toBeVisible();
    await expect(page.getByTestId('signed-in-as')).toHaveText(email);
    await expect(page).toHaveURL(/127\.0\.0\.1:3100\/$/);
    // The account icon offers the account's email and Sign Out; Escape closes it.
    const account = page.getByRole('button', { name: 'Account' });
    await account.click();
    const menu = page.getByRole('group', { name: 'Account' });
    await expect(menu.getByTestId('account-email')).toHaveText(email);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(account).toBeFocused();
    await account.click();
    await menu.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByTestId('signed-in-as')).toHaveCount(0);

    await page.goto('/auth');
    await fillAndSubmit(page, 'Sign In', email, PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('signed-in-as')).toHaveText(email);
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/$/);
    await page.reload();
    await expect(page.getByTestId('signed-in-as')).toHaveText(email);
    // A checkout fills in the signed-in researcher's email; what they type instead is theirs.
    await page.goto('/checkout/semax');
    await expect(page.getByLabel('Email *')).toHaveValue(email);

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('signed-in-as')).toHaveCount(0);
  },
);

test('an unconfirmed researcher gets a new link; only the newest confirms, and resends are spaced out', async ({
  page,
}) => {
  test.slow(); // a long journey across pages and services: allow for a busy machine
  const email = uniqueEmail('forgetful');
  const notConfirmed = 'Please check your email and click the confirmation link before signing in.';
  await page.goto('/auth');
  await fillAndSubmit(page, 'Sign Up', email, PASSWORD);
  await expect(form(page).getByRole('status')).toContainText('Account created successfully!');
  await fillAndSubmit(page, 'Sign In', email, PASSWORD);
  await expect(form(page).getByRole('alert')).toHaveText(notConfirmed);
  await page.getByRole('button', { name: 'Resend confirmation email' }).click();
  await expect(form(page).getByRole('status')).toHaveText(
    'A new confirmation link has been sent. Please check your email.',
  );

  await page.goto(`/api/account/dev/mailbox?to=${encodeURIComponent(email)}`);
  const links = page.getByRole('link', { name: 'Open the link' });
  await expect(links).toHaveCount(2);
  const [newest, first] = await Promise.all([0, 1].map((n) => links.nth(n).getAttribute('href')));
  await page.goto(first!);
  await expect(toast(page, 'Confirmation link expired')).toBeVisible();
  await expect(
    page.getByText('This confirmation link is invalid or has expired.', { exact: false }),
  ).toBeVisible();
  await expect(page).toHaveURL(/127\.0\.0\.1:3100\/$/);
  await page.goto('/auth');
  await fillAndSubmit(page, 'Sign In', email, PASSWORD);
  await expect(form(page).getByRole('alert')).toHaveText(notConfirmed);
  await page.getByRole('button', { name: 'Resend confirmation email' }).click();
  await expect(form(page).getByRole('alert').last()).toHaveText(
    /^For security purposes, you can only request this after \d+ seconds\.$/,
  );

  await page.goto(newest!);
  await expect(toast(page, 'Email confirmed')).toBeVisible();
  await expect(page.getByTestId('signed-in-as')).toHaveText(email);
});

test(
  'wrong, short and mismatched passwords and a taken email get the spec messages',
  { tag: '@journey' },
  async ({ page }) => {
    const email = uniqueEmail('careless');
    await page.goto('/auth');
    await fillAndSubmit(page, 'Sign Up', email, '12345');
    await expect(form(page).getByRole('alert')).toHaveText('Password must be at least 6 characters long');
    await fillAndSubmit(page, 'Sign Up', email, PASSWORD, `${PASSWORD}!`);
    await expect(form(page).getByRole('alert')).toHaveText('Passwords do not match');
    await fillAndSubmit(page, 'Sign Up', email, PASSWORD);
    await expect(form(page).getByRole('status')).toContainText('Account created successfully!');
    await fillAndSubmit(page, 'Sign Up', email, PASSWORD);
    await expect(form(page).getByRole('alert')).toHaveText(
      'An account with this email already exists. Please sign in instead.',
    );
    await fillAndSubmit(page, 'Sign In', email, 'not-the-password');
    await expect(form(page).getByRole('alert')).toHaveText(
      'Invalid email or password. Please check your credentials and try again.',
    );
  },
);

test("a network failure or a failing account service reads as the spec's unexpected error on both tabs", async ({
  page,
}) => {
  const unexpected = 'An unexpected error occurred. Please try again.';
  await page.goto('/auth');
  await page.route('**/api/account/auth/v1/**', (route) => route.abort('internetdisconnected'));
  await fillAndSubmit(page, 'Sign In', uniqueEmail('offline'), PASSWORD);
  await expect(form(page).getByRole('alert')).toHaveText(unexpected);
  await page.unroute('**/api/account/auth/v1/**');
  for (const status of [500, 503, 504]) {
    await page.route('**/api/account/auth/v1/**', (route) =>
      route.fulfill({ status, contentType: 'application/json', body: '{}' }),
    );
    for (const tab of ['Sign In', 'Sign Up'] as const) {
      await fillAndSubmit(page, tab, uniqueEmail(`outage-${status}`), PASSWORD);
      await expect(form(page).getByRole('alert')).toHaveText(unexpected);
    }
    await page.unroute('**/api/account/auth/v1/**');
  }
});

test('a session the server signed in (no script yet) survives a page left while it was being checked', async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail('handed-over');
  await confirmedResearcher(page.request, email);
  const signedIn = await signInOnTheServer(page.request, baseURL!, email);
  expect(signedIn.status()).toBe(200);
  // The next page's check of that session never gets an answer, as when the shopper moves on meanwhile.
  const checked = page.waitForEvent('requestfailed', (request) => request.url().endsWith('/auth/v1/user'));
  await page.route('**/api/account/auth/v1/user', (route) => route.abort('aborted'), { times: 1 });
  await page.goto('/');
  await checked;
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  const names = (await page.context().cookies()).map((cookie) => cookie.name);
  expect(names).not.toContain('storefront-auth-handoff');
  expect(names).not.toContain('storefront-auth-handoff-session');
});

test('a page the server signed in stays signed in as its script takes the session over: no Sign In flickers', async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail('no-flicker');
  await confirmedResearcher(page.request, email);
  await signInOnTheServer(page.request, baseURL!, email);
  // Every state the header's account icon passes through, from the first byte of the page.
  await page.addInitScript(() => {
    const states: string[] = [];
    Object.assign(window, { accountStates: states, cookiesScriptsSee: document.cookie });
    new MutationObserver(() => {
      const icon = document.querySelector('header [aria-label="Account"]');
      const state = icon?.tagName === 'BUTTON' ? 'menu' : icon ? 'sign-in link' : 'none';
      if (states.at(-1) !== state) states.push(state);
    }).observe(document, { subtree: true, childList: true });
  });
  await page.goto('/catalog');
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
  // The session is handed over once supabase-js has checked it: its cookie goes then.
  await expect
    .poll(async () => (await page.context().cookies()).map((cookie) => cookie.name))
    .not.toContain('storefront-auth-handoff');
  await expect
    .poll(async () => (await page.context().cookies()).map((cookie) => cookie.name))
    .not.toContain('storefront-auth-handoff-session');
  await expect(page.getByTestId('signed-in-as')).toHaveText(email);
  const seen = await page.evaluate(() => {
    const { accountStates, cookiesScriptsSee } = window as unknown as {
      accountStates: string[];
      cookiesScriptsSee: string;
    };
    return { accountStates, cookiesScriptsSee };
  });
  expect(seen.accountStates.filter((state) => state !== 'none')).toEqual(['menu']);
  // The page's scripts were told a session waited, and never saw its tokens (they came over same-site fetch).
  expect(seen.cookiesScriptsSee).toContain('storefront-auth-handoff=1');
  expect(seen.cookiesScriptsSee).not.toMatch(/token|storefront-session|handoff-session/);
});

test('Sign Out on one browser signs the researcher out on another: its header, /auth and the affiliate page say so', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('signed-out-elsewhere');
  await confirmedResearcher(page.request, email);
  await page.goto('/auth');
  await fillAndSubmit(page, 'Sign In', email, RESEARCHER_PASSWORD);
  await expect(page.getByTestId('signed-in-as')).toHaveText(email);

  const elsewhere = await browser.newPage();
  await asVerifiedAdult(elsewhere);
  await elsewhere.goto('/auth');
  await fillAndSubmit(elsewhere, 'Sign In', email, RESEARCHER_PASSWORD);
  await expect(elsewhere.getByTestId('signed-in-as')).toHaveText(email);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByTestId('signed-in-as')).toHaveCount(0);

  // Still on its page, the other browser goes to the program (no page load): the service no longer
  // knows its session, so it signs out there too, and the page explains how to join.
  await elsewhere.getByRole('contentinfo').getByRole('link', { name: 'Affiliate Program' }).click();
  await expect(elsewhere.getByRole('main').getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(elsewhere.getByTestId('signed-in-as')).toHaveCount(0);
  await expect(elsewhere.getByText('Please sign in again.')).toHaveCount(0);
  await elsewhere.goto('/auth');
  await expect(elsewhere.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await elsewhere.close();
});

test('a page loaded after the session was ended elsewhere shows the researcher signed out', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('ended-before-load');
  await confirmedResearcher(page.request, email);
  await page.goto('/auth');
  await fillAndSubmit(page, 'Sign In', email, RESEARCHER_PASSWORD);
  await expect(page.getByTestId('signed-in-as')).toHaveText(email);
  const elsewhere = await browser.newPage();
  await asVerifiedAdult(elsewhere);
  await elsewhere.goto('/auth');
  await fillAndSubmit(elsewhere, 'Sign In', email, RESEARCHER_PASSWORD);
  await expect(elsewhere.getByTestId('signed-in-as')).toHaveText(email);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByTestId('signed-in-as')).toHaveCount(0);
  await elsewhere.goto('/catalog');
  await expect(elsewhere.getByTestId('signed-in-as')).toHaveCount(0);
  await expect(elsewhere.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  await elsewhere.reload();
  await expect(elsewhere.getByTestId('signed-in-as')).toHaveCount(0);
  await elsewhere.close();
});

test("a researcher's cart follows them: signed in on another browser, it holds what they added", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('cart-follows');
  await confirmedResearcher(page.request, email);
  await page.goto('/');
  await page.getByRole('button', { name: 'Add to Cart: SEMAX 10mg' }).click();
  const cart = page.getByRole('dialog', { name: 'Shopping cart' });
  await expect(cart.getByRole('heading', { name: 'SEMAX' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/auth');
  await fillAndSubmit(page, 'Sign In', email, RESEARCHER_PASSWORD);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();

  const elsewhere = await browser.newPage();
  await asVerifiedAdult(elsewhere);
  await elsewhere.goto('/auth');
  await fillAndSubmit(elsewhere, 'Sign In', email, RESEARCHER_PASSWORD);
  await expect(elsewhere.getByTestId('cart-count')).toHaveText('1');
  await elsewhere.getByRole('button', { name: 'Open cart, 1 item' }).click();
  await expect(
    elsewhere
      .getByRole('dialog', { name: 'Shopping cart' })
      .getByRole('spinbutton', { name: 'Quantity of SEMAX 10mg' }),
  ).toHaveValue('1');
  await elsewhere.close();
});

test('under 768px the compact bar offers Sign Out to a signed-in researcher', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  const email = uniqueEmail('phone');
  await page.goto('/auth');
  await fillAndSubmit(page, 'Sign Up', email, PASSWORD);
  await expect(form(page).getByRole('status')).toContainText('Account created successfully!');
  await page.goto(`/api/account/dev/mailbox?to=${encodeURIComponent(email)}`);
  await page.getByRole('link', { name: 'Open the link' }).click();
  await expect(toast(page, 'Email confirmed')).toBeVisible();
  const quickLinks = page.getByRole('navigation', { name: 'Quick links' });
  await expect(quickLinks.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect.poll(() => lineCount(quickLinks.getByRole('button', { name: 'Sign Out' }))).toBe(1);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await quickLinks.getByRole('button', { name: 'Sign Out' }).click();
  await expect(quickLinks.getByRole('link', { name: 'Sign In' })).toBeVisible();
});

test('a confirmation link kept by someone else signs no one in as them: it confirms, and asks the visitor to sign in', async ({
  page,
  browser,
}) => {
  // The attacker signs up in a browser of their own and keeps where their link leads.
  const attacker = await browser.newContext();
  const theirs = await attacker.newPage();
  const email = uniqueEmail('link-keeper');
  await theirs.goto('/auth');
  await fillAndSubmit(theirs, 'Sign Up', email, PASSWORD);
  await expect(form(theirs).getByRole('status')).toContainText('Account created successfully!');
  const mailbox = await theirs.request.get(`/api/account/dev/mailbox?to=${encodeURIComponent(email)}`);
  const link = /href="([^"]*\/auth\/v1\/verify[^"]*)"/
    .exec(await mailbox.text())![1]!
    .replaceAll('&amp;', '&');
  const followed = await theirs.request.get(link, { maxRedirects: 0 });
  const confirmPage = followed.headers().location!;
  expect(confirmPage).toMatch(/\/auth\/confirm\?code=/);
  await attacker.close();

  // The victim is sent there: a top-level navigation from another site, as a mail link is.
  await page.goto(confirmPage, { referer: 'https://elsewhere.example/' });
  await expect(page).toHaveURL(/\/auth$/);
  await expect(toast(page, 'Email confirmed')).toBeVisible();
  await expect(
    page.getByLabel('Notifications').getByText('Your email is confirmed. Please sign in to continue.'),
  ).toBeVisible();
  await expect(page.getByTestId('signed-in-as')).toHaveCount(0);
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('storefront-session');
});
