// The shell provides every shared module eagerly, in this very bundle: no second file to wait for.
// Starting takes a few tasks rather than one long one, so the browser can answer a tap (and the page's
// links work) between them: React DOM, the UI kit (with styled-components), the router, then the rest
// of the shell and the page.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  await nextTask();
  await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  await import(/* webpackMode: "eager" */ '@storefront/ui');
  await nextTask();
  await import(/* webpackMode: "eager" */ '@storefront/routing');
  await nextTask();
  await import(/* webpackMode: "eager" */ './bootstrap');
}

void start();
