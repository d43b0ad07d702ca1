// The schemas of the storefront's browser code (bus events, API bodies, stored cart and affiliate) are
// written with zod/mini through this package, a federation singleton. zod/mini is built to be
// tree-shaken, but a module shared through federation is shipped whole: shared directly, zod/mini
// would put all of it (locales included) in every page. Re-exporting only what the storefront uses
// keeps the page's one copy to those parts. Add a name here when a schema needs it.
export {
  _default,
  array,
  boolean,
  email,
  enum,
  extend,
  int,
  maximum,
  maxLength,
  minimum,
  minLength,
  nullable,
  number,
  object,
  omit,
  optional,
  pick,
  pipe,
  record,
  regex,
  startsWith,
  strictObject,
  string,
  trim,
  unknown,
  url,
} from 'zod/mini';
export type { infer, input, output, ZodMiniObject, ZodMiniType } from 'zod/mini';
