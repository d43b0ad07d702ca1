import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AdmZip from 'adm-zip';
import ts from 'typescript';
import { contractOf } from '@storefront/shell/federation-contracts';
import { readRemoteDeclaration } from './deploy';
import { REPO_ROOT } from './modules';

/** Inside the repository, so the remote's types resolve the workspace packages they name. */
const WORK_ROOT = path.join(REPO_ROOT, '.data', 'federated-types');
const TYPES_ZIP = '@mf-types.zip';
/**
 * TypeScript's record of the last check (its build info): the libraries' files, unchanged from one
 * check to the next, are not checked again, which was most of a check's 13 s.
 */
const CHECKED_LIBRARIES = path.join(WORK_ROOT, 'last-check.tsbuildinfo');

/** Two deploys may check at once: each writes its record whole, and the last one written stays. */
function writeAtomically(file: string, text: string) {
  const partial = `${file}.${process.pid}-${Date.now()}`;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(partial, text);
  renameSync(partial, file);
}

/**
 * The consumer side of remotes' federated types: each module a remote exposes, as its build published
 * it (`@mf-types.zip`), must fit what the shell expects of it (shell/src/federation-contracts.ts).
 * Returns one line per misfit, naming the module; empty when all fit. Library types are checked too
 * (`skipLibCheck` off): otherwise a type the remote's declarations cannot resolve passes as `any`.
 * Builds are checked in one TypeScript program, since most of its time goes to the shared libraries.
 */
export function federatedTypeProblems(buildDirs: readonly string[]): string[] {
  const work = path.join(WORK_ROOT, `${process.pid}-${Date.now()}`);
  try {
    const modules = buildDirs.flatMap((buildDir) => {
      const declaration = readRemoteDeclaration(buildDir);
      const { manifest } = declaration;
      new AdmZip(path.join(buildDir, TYPES_ZIP)).extractAllTo(
        path.join(work, '@mf-types', declaration.name),
        true,
      );
      return declaration.exposes.map((exposed) => ({
        name: `${declaration.name}/${exposed}`,
        contract: contractOf(exposed, manifest),
      }));
    });
    // One line per module, so a diagnostic's line says which module it is about.
    const header = [
      "import type { ExposedModuleContracts } from '@storefront/shell/federation-contracts';",
      'type Fits<Module extends Contract, Contract> = Module;',
    ];
    const checks = modules.map(({ name, contract }, index) =>
      [
        `import type * as Module${index} from '${name}';`,
        `export type Fits${index} = Fits<typeof Module${index}, ExposedModuleContracts['${contract}']>;`,
      ].join(' '),
    );
    const checkFile = path.join(work, 'check.ts');
    writeFileSync(checkFile, [...header, ...checks, ''].join('\n'));
    return diagnosticsOf(checkFile, work).map(({ line, message }) => {
      const module = modules[line - header.length];
      return module
        ? `${module.name} does not fit the shell's "${module.contract}" contract: ${message}`
        : message;
    });
  } catch (error) {
    return [`The federated types could not be read: ${(error as Error).message}`];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The program's errors, with the line of check.ts each is on (0-based; -1 elsewhere). */
function diagnosticsOf(checkFile: string, work: string): { line: number; message: string }[] {
  // The repository's own compiler settings (tsconfig.base.json), with library types checked.
  const base = ts.readConfigFile(path.join(REPO_ROOT, 'tsconfig.base.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(base.config, ts.sys, REPO_ROOT);
  const program = ts.createIncrementalProgram({
    rootNames: [checkFile],
    options: {
      ...options,
      skipLibCheck: false,
      types: ['node'],
      baseUrl: work,
      paths: { '*': ['./@mf-types/*'] },
      incremental: true,
      tsBuildInfoFile: CHECKED_LIBRARIES,
      noEmit: true,
    },
  });
  const diagnostics = [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...program.getSyntacticDiagnostics(),
    ...program.getSemanticDiagnostics(),
  ];
  program.emit(undefined, writeAtomically);
  return diagnostics.map((diagnostic) => {
    const message = ts
      .flattenDiagnosticMessageText(diagnostic.messageText, ' ')
      .replaceAll(`${path.join(work, '@mf-types')}/`, '');
    if (!diagnostic.file || diagnostic.start === undefined) return { line: -1, message };
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    if (diagnostic.file.fileName === checkFile) return { line, message };
    return {
      line: -1,
      message: `${path.relative(REPO_ROOT, diagnostic.file.fileName)}:${line + 1}: ${message}`,
    };
  });
}
