import { findRepoRoot, packageRootOf } from '@storefront/server-kit';

/** The monorepo's root: the bench starts the stack there and writes its reports under it. */
export const REPO_ROOT = findRepoRoot(__dirname);
/** This package's folder: its budgets, its floor app, the scripts it runs in processes of their own. */
export const BENCH_ROOT = packageRootOf(__dirname);
