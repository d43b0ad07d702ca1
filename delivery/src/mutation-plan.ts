import path from 'node:path';

/** A package StrykerJS mutates: its folder (from the repository's root) and its config's `mutate` globs. */
export interface MutatedPackage {
  name: string;
  dir: string;
  /** Globs from the package's folder; those starting with `!` leave files out. */
  mutate: readonly string[];
}

/** Whether one of a package's globs takes `file` (from the package's folder) and none leaves it out. */
export function isMutated(pkg: Pick<MutatedPackage, 'mutate'>, file: string): boolean {
  const takes = (glob: string) => path.posix.matchesGlob(file, glob);
  return (
    pkg.mutate.some((glob) => !glob.startsWith('!') && takes(glob)) &&
    !pkg.mutate.some((glob) => glob.startsWith('!') && takes(glob.slice(1)))
  );
}

/**
 * What a run mutates of each package, given the files changed since the commit the summary describes
 * (paths from the repository's root): each package's changed files its globs take, relative to it.
 * Packages with none are left out.
 */
export function mutationPlan(
  packages: readonly MutatedPackage[],
  changed: readonly string[],
): Array<{ pkg: MutatedPackage; files: string[] }> {
  return packages
    .map((pkg) => ({
      pkg,
      files: changed
        .filter((file) => file.startsWith(`${pkg.dir}/`))
        .map((file) => file.slice(pkg.dir.length + 1))
        .filter((file) => isMutated(pkg, file)),
    }))
    .filter(({ files }) => files.length > 0);
}
