import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AdmZip from 'adm-zip';
import { buildApps } from '@storefront/delivery/build';
import { federatedTypeProblems } from '@storefront/delivery/federated-types';
import { expect, test } from '../../support/test';

const ROOT = path.resolve(__dirname, '../../..');
const build = (module: string) => path.join(ROOT, `mfe-${module}`, 'dist');

/** A copy of a build whose published types say what `changes` write over its declaration files. */
function buildWithTypes(module: string, changes: Record<string, string>): string {
  const copy = mkdtempSync(path.join(tmpdir(), `${module}-build-`));
  cpSync(build(module), copy, { recursive: true });
  const zip = new AdmZip(path.join(copy, '@mf-types.zip'));
  for (const [entry, text] of Object.entries(changes)) zip.updateFile(entry, Buffer.from(text));
  zip.writeZip(path.join(copy, '@mf-types.zip'));
  return copy;
}

/**
 * Types are built for a release only (the deploy asks for them; npm start's builds skip them), so this
 * builds the content module as its deploy does. Every other remote's types are checked by its own deploy
 * (the release suite deploys checkout and affiliate).
 */
test("a release's published types fit what the shell expects of each module; a misfit is named", async () => {
  test.setTimeout(180_000);
  await buildApps(['mfe-content'], { federatedTypes: true });
  // The content module as a release that broke two of its modules: a page that is not a component,
  // and a fragment that now needs props the shell never passes.
  const brokenContent = buildWithTypes('content', {
    'compiled-types/pages/RefundPolicyPage.d.ts':
      'declare const RefundPolicyPage: number;\nexport default RefundPolicyPage;\n',
    'compiled-types/components/Newsletter.d.ts':
      'export default function Newsletter(props: { email: string }): import("react").JSX.Element;\n',
  });
  try {
    expect(federatedTypeProblems([build('content')])).toEqual([]);
    const problems = federatedTypeProblems([brokenContent]);
    // Exactly the two broken modules are named; every other module of the release fits.
    expect(problems.map((line) => line.split(' does not fit')[0])).toEqual([
      'content/RefundPolicyPage',
      'content/Newsletter',
    ]);
    expect(problems[0]).toContain(`the shell's "page" contract`);
    expect(problems[1]).toContain(`the shell's "fragment" contract`);
    expect(problems[1]).toContain("Property 'email' is missing");
  } finally {
    rmSync(brokenContent, { recursive: true, force: true });
  }
});
