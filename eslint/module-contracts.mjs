// Two lint rules that read every module's manifest (mfe-*/src/manifest.ts, as its build does):
//
// - shell-knows-no-module: the shell and the UI kit name no module's route, action, action field or
//   cookie. The shell composes from the registry; what a module is, its manifest says, and it ships with
//   the module's release. The site's root ('/') is the shell's own: home is wherever the registry has it.
// - declared-fragments: a remote embeds another module's fragment (<RemoteRegion remote="…" exposed="…">)
//   only as its manifest declares in `uses.fragments`, and only a fragment that module's manifest offers.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * The shell's own form protocol, which modules' forms carry for it (no module's field): the action and
 * the age question.
 */
const SHELL_FIELDS = new Set(['_action', 'ageGate', 'ageConfirmed']);

const manifestsByRoot = new Map();

/** Prints each remote's manifest as JSON: run as a process of its own, so it works under any test runner. */
const READ_MANIFESTS = `
const { readdirSync } = require('node:fs');
const path = require('node:path');
const root = process.cwd();
const out = {};
for (const dir of readdirSync(root).filter((name) => name.startsWith('mfe-')))
  out[dir.slice(4)] = { dir, manifest: require(path.join(root, dir, 'src/manifest.ts')).manifest };
process.stdout.write(JSON.stringify(out));
`;

/** Every remote's manifest in the repository at `root` (lint's working directory), by module name, read once. */
function allManifests(root) {
  if (!manifestsByRoot.has(root)) {
    const json = execFileSync(process.execPath, ['--import', 'tsx', '-e', READ_MANIFESTS], {
      cwd: root,
      encoding: 'utf8',
    });
    manifestsByRoot.set(root, new Map(Object.entries(JSON.parse(json))));
  }
  return manifestsByRoot.get(root);
}

/**
 * What the shell may not spell: each module's routes, actions and cookies anywhere, and its forms' fields
 * where a field is named (they are often plain words: 'name' is also an HTML attribute), with what each is.
 */
function moduleNames(root) {
  const names = new Map();
  const fields = new Map();
  for (const [module, { manifest }] of allManifests(root)) {
    const note = (map, name, what) => map.has(name) || map.set(name, `${module}'s ${what}`);
    for (const route of manifest.routes)
      if (route.path !== '/') note(names, route.path, `route ${route.path}`);
    for (const [action, declared] of Object.entries(manifest.actions)) {
      note(names, `${module}/${action}`, `action ${action}`);
      note(names, action, `action ${action}`);
      for (const field of declared.fields)
        if (!SHELL_FIELDS.has(field)) note(fields, field, `field ${field} (of ${action})`);
    }
    for (const cookie of manifest.cookies) note(names, cookie.name, `cookie ${cookie.name}`);
  }
  return { names, fields };
}

/** Where a string names a form field: an element's name="…", a form's get('…')/has('…'), fields['…']. */
function namesAField(node) {
  const parent = node.parent;
  if (parent?.type === 'JSXAttribute') return parent.name.name === 'name';
  if (parent?.type === 'CallExpression' && parent.arguments[0] === node)
    return /^(get|getAll|has|set|append|delete)$/.test(parent.callee.property?.name ?? '');
  return parent?.type === 'MemberExpression' && parent.computed && parent.property === node;
}

const TEST_FILE = /(\.test\.tsx?|[/\\]test-utils\.tsx?)$/;

export const shellKnowsNoModule = {
  meta: {
    type: 'problem',
    docs: { description: "The shell and the UI kit name no module's route, action, field or cookie." },
    schema: [],
  },
  create(context) {
    if (TEST_FILE.test(context.filename)) return {};
    const { names, fields } = moduleNames(context.cwd);
    const check = (node, text) => {
      // An address with its query names its route too: '/auth?tab=sign-up'.
      const known =
        names.get(text) ??
        names.get(text.split('?', 1)[0]) ??
        (namesAField(node) ? fields.get(text) : undefined);
      if (known)
        context.report({
          node,
          message: `'${text}' is ${known}: the shell composes from the registry and knows no module by name. Declare it in the module's manifest and read it from there.`,
        });
    };
    return {
      Literal: (node) => typeof node.value === 'string' && check(node, node.value),
      TemplateElement: (node) => node.value.cooked && check(node, node.value.cooked),
      // fields.email: a module's field by its name.
      'MemberExpression[computed=false][object.name=/^(fields|values)$/]': (node) => {
        const known = fields.get(node.property.name);
        if (known)
          context.report({
            node,
            message: `'${node.property.name}' is ${known}: the shell reads no module's fields.`,
          });
      },
    };
  },
};

const literalAttribute = (element, name) => {
  const attribute = element.attributes.find((a) => a.type === 'JSXAttribute' && a.name.name === name);
  return attribute?.value?.type === 'Literal' ? attribute.value.value : null;
};

export const declaredFragments = {
  meta: {
    type: 'problem',
    docs: { description: 'A remote embeds only the fragments its manifest says it uses, and others offer.' },
    schema: [],
  },
  create(context) {
    if (TEST_FILE.test(context.filename)) return {};
    const manifests = allManifests(context.cwd);
    const relative = path.relative(context.cwd, context.filename);
    const module = [...manifests].find(([, { dir }]) => relative.startsWith(`${dir}${path.sep}`))?.[0];
    if (!module) return {};
    return {
      'JSXOpeningElement[name.name="RemoteRegion"]': (element) => {
        const remote = literalAttribute(element, 'remote');
        const exposed = literalAttribute(element, 'exposed');
        if (remote === null || exposed === null) {
          context.report({
            node: element,
            message:
              'Name the fragment a remote embeds with string literals, so its manifest can be checked.',
          });
          return;
        }
        const used = `${remote}/${exposed}`;
        const { manifest } = manifests.get(module);
        const owner = manifests.get(remote)?.manifest;
        if (remote !== module && !manifest.uses.fragments.includes(used))
          context.report({
            node: element,
            message: `${used} is not among the fragments ${module}'s manifest uses: declare it in uses.fragments.`,
          });
        else if (!owner?.fragments.includes(exposed))
          context.report({ node: element, message: `No module's manifest offers the fragment ${used}.` });
      },
    };
  },
};

export default {
  rules: { 'shell-knows-no-module': shellKnowsNoModule, 'declared-fragments': declaredFragments },
};
