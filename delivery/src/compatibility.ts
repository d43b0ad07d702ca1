import { compatibleRange } from '@storefront/mf-config';
import { moduleManifestSchema } from '@storefront/routing/contract';
import type { ModuleManifest } from '@storefront/routing/module';
import semver from 'semver';
import { z } from 'zod';

export const shellDeclarationSchema = z.object({
  busContract: z.string(),
  singletons: z.record(z.string(), z.string()),
});
export type ShellDeclaration = z.infer<typeof shellDeclarationSchema>;

export const remoteDeclarationSchema = shellDeclarationSchema.extend({
  name: z.string(),
  exposes: z.array(z.string()).min(1),
  // Checked by the build that wrote it (@storefront/routing/contract); read as written.
  manifest: z.custom<ModuleManifest>((value) => moduleManifestSchema.safeParse(value).success),
});
export type RemoteDeclaration = z.infer<typeof remoteDeclarationSchema>;

/**
 * Why a remote cannot run in the live shell, one sentence per mismatch (empty when it can): every
 * shared singleton the shell provides must satisfy the remote's range, and the bus contract must have
 * the same major version with at least the remote's minor (the events it may publish).
 */
export function compatibilityProblems(shell: ShellDeclaration, remote: RemoteDeclaration): string[] {
  const problems: string[] = [];
  for (const [name, builtAgainst] of Object.entries(remote.singletons)) {
    const provided = shell.singletons[name];
    const range = compatibleRange(builtAgainst);
    if (!provided) {
      problems.push(
        `${name}: ${remote.name} needs it (built against ${builtAgainst}) but the live shell does not share it.`,
      );
    } else if (!semver.satisfies(provided, range)) {
      problems.push(
        `${name}: ${remote.name} was built against ${builtAgainst} and needs ${range}; the live shell provides ${provided}.`,
      );
    }
  }
  const needed = semver.parse(remote.busContract);
  const offered = semver.parse(shell.busContract);
  if (!needed || !offered || needed.major !== offered.major || offered.minor < needed.minor) {
    problems.push(
      `bus contract: ${remote.name} was built against ${remote.busContract}; the live shell speaks ${shell.busContract}.`,
    );
  }
  return problems;
}
