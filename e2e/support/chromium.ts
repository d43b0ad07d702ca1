// One definition of where the browser comes from, shared with the deploy smoke check.
export { CHROMIUM_ARGS, chromiumExecutable } from '@storefront/delivery/chromium';
