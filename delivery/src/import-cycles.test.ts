import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * No module imports itself around a circle (types included): a circle means two modules that cannot be
 * read, tested or moved apart, and the order they load in decides what each sees.
 */
const ROOT = path.resolve(__dirname, '../..');
const SOURCE_FOLDERS = ['bench/src', 'delivery/src', 'e2e', 'shell/src', 'packages', 'services', 'stand-ins'];
const remoteFolders = readdirSync(ROOT)
  .filter((name) => name.startsWith('mfe-'))
  .map((name) => `${name}/src`);

const SKIPPED = new Set(['node_modules', 'dist', 'dist-node', 'dist-release', '.stryker-tmp']);
const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g;

function sourceFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function resolved(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((file) => existsSync(file));
}

/** Every circle of relative imports among the files under `folders`, each as the files around it. */
export function importCycles(folders: readonly string[]): string[][] {
  const files = folders.flatMap(sourceFiles);
  const imports = new Map(
    files.map((file) => [
      file,
      [...readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)]
        .map((match) => resolved(file, match[1]!))
        .filter((target): target is string => target !== undefined),
    ]),
  );
  const state = new Map<string, 'visiting' | 'done'>();
  const cycles: string[][] = [];
  const visit = (file: string, trail: string[]) => {
    state.set(file, 'visiting');
    for (const next of imports.get(file) ?? []) {
      if (state.get(next) === 'visiting') cycles.push([...trail.slice(trail.indexOf(next)), file, next]);
      else if (!state.has(next)) visit(next, [...trail, file]);
    }
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file, []);
  return cycles.map((cycle) => cycle.map((file) => path.relative(ROOT, file)));
}

describe('imports', () => {
  it('go around no circle anywhere in the source', () => {
    expect(
      importCycles([...SOURCE_FOLDERS, ...remoteFolders].map((folder) => path.join(ROOT, folder))),
    ).toEqual([]);
  });

  it('a circle, type imports included, is found and named', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'cycles-'));
    try {
      writeFileSync(path.join(folder, 'budgets.ts'), "import type { Crowd } from './crowd';\n");
      writeFileSync(path.join(folder, 'crowd.ts'), "import { reads } from './reads';\n");
      writeFileSync(path.join(folder, 'reads.ts'), "export type { Budgets } from './budgets';\n");
      const [cycle] = importCycles([folder]);
      expect(cycle?.map((file) => path.basename(file))).toEqual([
        'budgets.ts',
        'crowd.ts',
        'reads.ts',
        'budgets.ts',
      ]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
