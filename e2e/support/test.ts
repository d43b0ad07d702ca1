import { test as base, expect } from '@playwright/test';

/**
 * Playwright's test, with a page that waits after each goto and reload until a page of the shop has
 * hydrated (the shell marks <html data-hydrated>). A server-rendered page shows before its scripts
 * run; a click before then would test the HTML, not the shop.
 */
export const test = base.extend({
  page: async ({ page }, provide) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    // Only the shop's pages hydrate (they carry #storefront-page); an API answer or a sandbox page does not.
    const hydrated = () =>
      page.waitForFunction(
        () =>
          !document.getElementById('storefront-page') ||
          document.documentElement.hasAttribute('data-hydrated'),
      );
    page.goto = async (...args) => {
      const response = await goto(...args);
      await hydrated();
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await hydrated();
      return response;
    };
    await provide(page);
  },
});

export { expect };
