// Lint configuration: the recommended rules of ESLint and typescript-eslint for all of dambord,
// and the layers of the design (README, Layout), enforced:
// - rules/ (the rules of draughts) imports nothing outside itself;
// - host/game/ (the game core) imports only itself, rules/ and the board-link contract
//   (host/link/types.ts);
// - the pure parts (rules/, host/game/, the serial protocol's codecs host/link/protocol/, the
//   action-script codec host/script/) touch no node: module, package, timer or wall clock: only the
//   adapters (host/cli, host/web, host/play, host/link's shells, host/firmata, host/journal,
//   host/sim, hardware/) do I/O;
// - nothing outside host/cli/ imports host/cli/, and no production code imports a testing/ kit.
// Tests and test kits (*.test.ts, testing/) may use what they need.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/** What each layer may import: repository paths (a folder ends with /). */
const LAYERS = [
  { layer: 'rules/', may: ['rules/'] },
  { layer: 'host/game/', may: ['host/game/', 'rules/', 'host/link/types.ts'] },
  { layer: 'host/link/protocol/', may: ['host/link/protocol/', 'host/link/types.ts', 'host/link/kit/seq.ts', 'host/link/kit/command.ts', 'rules/'] },
  { layer: 'host/script/', may: ['host/script/', 'rules/', 'host/game/referee/types.ts', 'host/link/types.ts'] },
];

/** The rule `dambord/layers`: an import across the layers above is an error that names the layer and what it may import. */
const layers = {
  meta: { type: 'problem', docs: { description: 'imports stay within the layers of the design' }, schema: [] },
  create(context) {
    const file = path.relative(ROOT, context.filename).split(path.sep).join('/');
    const rule = LAYERS.find((l) => file.startsWith(l.layer));
    if (!rule) return {};
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string') return;
      const spec = source.value;
      if (!spec.startsWith('.')) {
        context.report({ node, message: `${rule.layer} is pure: it may not import "${spec}" (no node: module or package; only the adapters do I/O)` });
        return;
      }
      const target = path.relative(ROOT, path.resolve(path.dirname(context.filename), spec)).split(path.sep).join('/');
      if (!rule.may.some((m) => (m.endsWith('/') ? target.startsWith(m) : target === m))) {
        context.report({ node, message: `${rule.layer} may import only ${rule.may.join(', ')}; not ${target}` });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

/**
 * The rule `dambord/entrances`: production code outside host/cli/ imports nothing of host/cli/
 * (the command line is the top of the house), and no production code imports a testing/ kit
 * (fault injection, mock boards: the tests build with them).
 */
const entrances = {
  meta: { type: 'problem', docs: { description: 'no import of the command line from below it, nor of a testing kit from production code' }, schema: [] },
  create(context) {
    const file = path.relative(ROOT, context.filename).split(path.sep).join('/');
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path.relative(ROOT, path.resolve(path.dirname(context.filename), source.value)).split(path.sep).join('/');
      if (target.startsWith('host/cli/') && !file.startsWith('host/cli/')) context.report({ node, message: `only host/cli/ imports host/cli/: not ${file} (${target})` });
      if (/(^|\/)testing\//.test(target)) context.report({ node, message: `production code imports no testing/ kit: not ${target}` });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

/** dambord's own rules. */
const dambord = { rules: { layers, entrances } };

const PURE = ['rules/**/*.ts', 'host/game/**/*.ts', 'host/link/protocol/**/*.ts', 'host/script/**/*.ts'];
const TESTS = ['**/*.test.ts', '**/testing/**'];
const CLOCKS = ['setTimeout', 'setInterval', 'setImmediate', 'clearTimeout', 'clearInterval', 'queueMicrotask', 'performance', 'process', 'fetch'].map((name) => ({
  name,
  message: 'the pure parts are given the time and do no I/O: only the adapters use timers, the process and the network',
}));

export default tseslint.config(
  { ignores: ['node_modules/**', 'firmware/build/**', 'tmp/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  {
    files: ['host/**/*.ts', 'rules/**/*.ts'],
    ignores: TESTS,
    plugins: { dambord },
    rules: { 'dambord/entrances': 'error' },
  },
  {
    files: PURE,
    ignores: TESTS,
    plugins: { dambord },
    rules: {
      'dambord/layers': 'error',
      'no-restricted-globals': ['error', ...CLOCKS],
      'no-restricted-syntax': ['error', { selector: "MemberExpression[object.name='Date'][property.name='now'], NewExpression[callee.name='Date']", message: 'the pure parts are given the time: no wall clock' }],
    },
  },
);
