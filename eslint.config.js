// Lint configuration: the recommended rules of ESLint and typescript-eslint for all of dambord,
// and the layers of the design (README, Layout), enforced:
// - rules/ (the rules of draughts) imports nothing outside itself;
// - engine/ (the built-in engine's search and evaluation) imports only itself and rules/;
// - host/words/ (the catalogues of words) imports only itself and its ICU packages;
// - host/game/ (the game core) imports only itself, the words, rules/ and the board-link
//   contract (host/link/types.ts);
// - the pure parts (rules/, engine/, host/game/, the serial protocol's codecs and model host/link/protocol/,
//   the action-script codec host/script/, the catalogues host/words/, the SHA-256 host/hash/,
//   speech's words and announcer, the broadcast's store and feeds, the pairings and the event
//   archive's paths, the archive's names and identity, the link kit's sequence numbers, commands
//   and event channel) touch no node: module, package (but the one named for a layer), timer or
//   wall clock: they are handed the time (and a timer, a random id) by their adapters. Only the
//   adapters (host/cli, host/web, host/play, host/link's shells, host/firmata, host/journal,
//   host/sim, hardware/) do I/O;
// - no arrow runs back up (`dambord/reach`): nothing outside host/cli/ imports host/cli/, and no
//   production code imports a test kit (testing/, test/; fault injection is one);
// - a variant's behaviour is read from its fields (rules/variant.ts), never from its name: only
//   rules/variants/ compares a variant's name with one of the names.
// Tests and test kits (*.test.ts, testing/) may use what they need. The import graph has no cycle
// (test/layers.test.ts, test/importGraph.ts).
// The page's scripts (host/web/static/, checked by the compiler through their own tsconfig.json)
// are small modules of short functions: none longer than 80 lines.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/** Speech's words and its announcer: the sentences of the catalogues, and what is said of a step of the game. */
const SPEECH = ['host/speech/words.ts', 'host/speech/announce.ts', 'host/speech/keyboard.ts', 'host/speech/queries.ts'];
/** The broadcast's store and feeds, and what they read: the states, their checks, topics and messages (not the MQTT link, broker or server). */
const BROADCAST = ['store.ts', 'feeds.ts', 'admit.ts', 'refusals.ts', 'checkState.ts', 'boardState.ts', 'topics.ts', 'message.ts', 'types.ts'].map((f) => `host/broadcast/${f}`);
/** The archive's names and identity: players' name keys, and when two games are one. */
const ARCHIVE = ['host/archive/names.ts', 'host/archive/identity.ts'];
/** The link kit's pure parts: sequence numbers, the user's commands, the event channel (not reconnect.ts: ports and timers). */
const KIT = ['host/link/kit/seq.ts', 'host/link/kit/command.ts', 'host/link/kit/channel.ts'];

/**
 * What each layer may import: repository paths (a folder ends with /). A layer is its `files`
 * (the folder or the files named `layer` when not given); `packages` it may import beside them.
 */
const LAYERS = [
  { layer: 'rules/', may: ['rules/'] },
  { layer: 'engine/', may: ['engine/', 'rules/'] },
  { layer: 'host/words/', may: ['host/words/'], packages: ['intl-messageformat', '@formatjs/icu-messageformat-parser'] },
  { layer: 'host/game/', may: ['host/game/', 'host/words/', 'rules/', 'host/link/types.ts'] },
  { layer: 'host/link/protocol/', may: ['host/link/protocol/', 'host/link/types.ts', 'host/link/kit/seq.ts', 'host/link/kit/command.ts', 'rules/'] },
  { layer: 'host/script/', may: ['host/script/', 'rules/', 'host/game/referee/types.ts', 'host/link/types.ts'] },
  { layer: "speech's words and announcer", files: SPEECH, may: [...SPEECH, 'host/words/', 'host/game/', 'rules/', 'host/link/types.ts'], packages: ['intl-messageformat'] },
  { layer: 'host/hash/', may: ['host/hash/'] },
  { layer: "the broadcast's store and feeds", files: BROADCAST, may: [...BROADCAST, 'host/hash/', 'host/game/', 'host/event/pairings.ts', 'rules/'] },
  { layer: 'the pairings', files: ['host/event/pairings.ts'], may: ['rules/'] },
  { layer: "the event archive's paths", files: ['host/event/archive.ts'], may: ['host/hash/'] },
  { layer: "the archive's names and identity", files: ARCHIVE, may: [...ARCHIVE, 'rules/', 'host/hash/'] },
  { layer: "the link kit's pure parts", files: KIT, may: [...KIT, 'host/link/types.ts'] },
];

/** Repository path of an import `spec` made by `filename` (an absolute path). */
const targetOf = (filename, spec) => path.relative(ROOT, path.resolve(path.dirname(filename), spec)).split(path.sep).join('/');
/** Repository path of the file being linted. */
const fileOf = (context) => path.relative(ROOT, context.filename).split(path.sep).join('/');
/** The visitors of every kind of import and re-export, each calling `check(node, source)`. */
const onImports = (check) => ({
  ImportDeclaration: (node) => check(node, node.source),
  ExportNamedDeclaration: (node) => check(node, node.source),
  ExportAllDeclaration: (node) => check(node, node.source),
  ImportExpression: (node) => check(node, node.source),
});

/** The rule `dambord/layers`: an import across the layers above is an error that names the layer and what it may import. */
const layers = {
  meta: { type: 'problem', docs: { description: 'imports stay within the layers of the design' }, schema: [] },
  create(context) {
    const file = fileOf(context);
    const rule = LAYERS.find((l) => (l.files ?? [l.layer]).some((f) => file.startsWith(f)));
    if (!rule) return {};
    return onImports((node, source) => {
      if (!source || typeof source.value !== 'string') return;
      const spec = source.value;
      if (!spec.startsWith('.')) {
        if (!(rule.packages ?? []).includes(spec)) context.report({ node, message: `${rule.layer} is pure: it may not import "${spec}" (no node: module or package; only the adapters do I/O)` });
        return;
      }
      const target = targetOf(context.filename, spec);
      if (!rule.may.some((m) => (m.endsWith('/') ? target.startsWith(m) : target === m))) {
        context.report({ node, message: `${rule.layer} may import only ${rule.may.join(', ')}; not ${target}` });
      }
    });
  },
};

/** Arrows that would run back up the house: a target no production file outside `from` may import. */
const REACHES = [
  { to: (t) => t.startsWith('host/cli/'), from: 'host/cli/', message: 'nothing outside host/cli/ imports host/cli/ (the commands are the top of the house)' },
  { to: (t) => /(^|\/)testing(\/|\.ts$)/.test(t) || t.startsWith('test/'), message: 'production code imports no test kit (testing/, test/)' },
];

/** Imports that still run back up, each with the change that removes it (none now). */
const REACHES_ALLOWED = [];

/** The rule `dambord/reach`: an import of REACHES from production code is an error that says why. */
const reach = {
  meta: { type: 'problem', docs: { description: 'no import runs back up: to host/cli/ or a test kit' }, schema: [] },
  create(context) {
    const file = fileOf(context);
    return onImports((node, source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = targetOf(context.filename, source.value);
      const broken = REACHES.find((r) => r.to(target) && !(r.from && file.startsWith(r.from)));
      if (broken && !REACHES_ALLOWED.some((a) => a.file === file && a.to === target)) context.report({ node, message: `${broken.message}; not ${target}` });
    });
  },
};

/** Every file of the layers: a layer's files, or everything in its folder. */
const PURE = LAYERS.flatMap((l) => l.files ?? [`${l.layer}**/*.ts`]);
const TESTS = ['**/*.test.ts', '**/testing/**'];
const CLOCKS = ['setTimeout', 'setInterval', 'setImmediate', 'clearTimeout', 'clearInterval', 'queueMicrotask', 'performance', 'process', 'fetch'].map((name) => ({
  name,
  message: 'the pure parts are given the time and do no I/O: only the adapters use timers, the process and the network',
}));

const VARIANT_NAME = "/^(international|czech|english|brazilian|russian)$/";
/** `v.name === 'english'` and its likes, either way round, and `case 'english':` in a `switch (v.name)`. */
const NAME_TEST = {
  selector: [
    `BinaryExpression[operator=/^[!=]==?$/]:matches([left.property.name='name'][right.value=${VARIANT_NAME}], [right.property.name='name'][left.value=${VARIANT_NAME}])`,
    `SwitchStatement[discriminant.property.name='name'] > SwitchCase[test.value=${VARIANT_NAME}]`,
  ].join(', '),
  message: "a variant's behaviour is a field of the variant (rules/variant.ts), not a test of its name outside rules/variants/",
};
const WALL_CLOCK = { selector: "MemberExpression[object.name='Date'][property.name='now'], NewExpression[callee.name='Date']", message: 'the pure parts are given the time: no wall clock' };

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
    files: ['host/web/static/**/*.js'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['host/**/*.ts', 'rules/**/*.ts', 'engine/**/*.ts'],
    ignores: TESTS,
    plugins: { dambord: { rules: { layers, reach } } },
    rules: { 'dambord/reach': 'error' },
  },
  {
    files: PURE,
    ignores: TESTS,
    rules: {
      'dambord/layers': 'error',
      'no-restricted-globals': ['error', ...CLOCKS],
      'no-restricted-syntax': ['error', WALL_CLOCK, NAME_TEST],
    },
  },
  { files: ['host/**/*.ts', 'hardware/**/*.ts'], ignores: [...PURE, ...TESTS], rules: { 'no-restricted-syntax': ['error', NAME_TEST] } },
  { files: ['rules/variants/**/*.ts'], ignores: TESTS, rules: { 'no-restricted-syntax': ['error', WALL_CLOCK] } },
);
