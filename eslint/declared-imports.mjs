// Lint rules on what a file imports, judged by the package.json nearest to it (its own workspace's):
// - declared-imports: every package it imports is declared there, so nothing works only because npm
//   hoisted another workspace's dependency to the root. Tests are the exception: one Jest run at the
//   root runs them all, with the root's test tools.
// - relative-imports-stay-home: a relative path never reaches into another package's files; another
//   package is imported by its name, through what its package.json exports.
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

const builtins = new Set(builtinModules);
const manifests = new Map();

function manifestOf(directory) {
  if (manifests.has(directory)) return manifests.get(directory);
  const file = path.join(directory, 'package.json');
  const parent = path.dirname(directory);
  const found = existsSync(file)
    ? { file, json: JSON.parse(readFileSync(file, 'utf8')) }
    : parent === directory
      ? null
      : manifestOf(parent);
  manifests.set(directory, found);
  return found;
}

/** 'lodash/fp' → 'lodash', '@scope/name/deep' → '@scope/name'; null for relative and built-in ones. */
function packageNameOf(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return null;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return builtins.has(name) ? null : name;
}

const TEST_FILE = /(\.test\.tsx?|[/\\]test-utils\.tsx?|[/\\]jest\.setup\.ts)$/;

const declaredIn = (json) =>
  new Set(
    ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'].flatMap((field) =>
      Object.keys(json[field] ?? {}),
    ),
  );

export const declaredImports = {
  meta: {
    type: 'problem',
    docs: { description: "Imports only what the file's own package.json declares." },
    schema: [],
  },
  create(context) {
    const manifest = manifestOf(path.dirname(context.filename));
    if (!manifest) return {};
    const declared = declaredIn(manifest.json);
    if (TEST_FILE.test(context.filename)) {
      for (const name of Object.keys(manifestOf(context.cwd)?.json.devDependencies ?? {})) declared.add(name);
    }
    return onEverySource((node) => {
      const name = packageNameOf(node.value);
      if (!name || name === manifest.json.name || declared.has(name)) return;
      context.report({
        node,
        message: `'${name}' is not declared in ${path.relative(context.cwd, manifest.file)}: add it to that package's dependencies.`,
      });
    });
  },
};

/**
 * Every way a file names another (static and dynamic imports, re-exports and require), each name
 * written as a string handed to `check` as its node; a name computed at run time cannot be judged.
 */
function onEverySource(checkLiteral) {
  const check = (node) => {
    if (node?.type === 'Literal' && typeof node.value === 'string') checkLiteral(node);
  };
  return {
    ImportDeclaration: (node) => check(node.source),
    ExportNamedDeclaration: (node) => check(node.source),
    ExportAllDeclaration: (node) => check(node.source),
    ImportExpression: (node) => check(node.source),
    'CallExpression[callee.name="require"]': (node) => check(node.arguments[0]),
    'CallExpression[callee.property.name="resolve"][callee.object.name="require"]': (node) =>
      check(node.arguments[0]),
  };
}

export const relativeImportsStayHome = {
  meta: {
    type: 'problem',
    docs: { description: "A relative import stays inside the file's own package." },
    schema: [],
  },
  create(context) {
    const directory = path.dirname(context.filename);
    const manifest = manifestOf(directory);
    if (!manifest) return {};
    return onEverySource((node) => {
      if (!node.value.startsWith('.')) return;
      // The target's own package: a package.json in the folder named, or the nearest one above it.
      const target = manifestOf(path.resolve(directory, node.value));
      if (target?.file === manifest.file) return;
      // The repository's own files are the tooling every package shares (stryker.base.mjs, as
      // tsconfig.base.json is), not a package's insides.
      if (target?.file === path.join(context.cwd, 'package.json')) return;
      const owner = target ? (target.json.name ?? path.relative(context.cwd, target.file)) : 'no package';
      context.report({
        node,
        message: `'${node.value}' reaches into ${owner}'s files: import that package by its name and what its package.json exports.`,
      });
    });
  },
};

export default {
  rules: { 'declared-imports': declaredImports, 'relative-imports-stay-home': relativeImportsStayHome },
};
