// The layers of the design (README, Layout) are enforced by the lint rule `dambord/layers` and
// the restricted globals of eslint.config.js: a forbidden import or timer in a pure part fails
// `npm test`. Checked here on text linted as if it stood in each layer; and the import graph of
// host/ and rules/ (test/importGraph.ts) has no cycle.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { cycles, graphOf, readTree } from './importGraph.ts';

const cwd = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd });
const problems = async (file: string, text: string) => (await eslint.lintText(text, { filePath: `${cwd}/${file}` }))[0].messages.map((m) => `${m.ruleId}: ${m.message}`);

describe('the layers of the design', () => {
  it('rules/ imports nothing outside itself', async () => {
    expect(await problems('rules/example.ts', "import type { GameState } from '../host/game/game.ts';\nexport type X = GameState;\n")).toEqual(['dambord/layers: rules/ may import only rules/; not host/game/game.ts']);
    expect(await problems('rules/example.ts', "import { legalMoves } from './movegen.ts';\nexport const x = legalMoves;\n")).toEqual([]);
  });

  it('the game core imports only itself, rules/ and the board-link contract', async () => {
    const text = "import type { BoardEvent } from '../link/types.ts';\nimport { startSession } from '../play/session.ts';\nimport fs from 'node:fs';\nexport const x: [unknown, unknown, BoardEvent | null] = [startSession, fs, null];\n";
    expect(await problems('host/game/example.ts', text)).toEqual([
      'dambord/layers: host/game/ may import only host/game/, host/words/, rules/, host/link/types.ts; not host/play/session.ts',
      'dambord/layers: host/game/ is pure: it may not import "node:fs" (no node: module or package; only the adapters do I/O)',
    ]);
  });

  it('the words (host/words/) import only themselves and the ICU packages: the game core and speech take their sentences from them', async () => {
    const text = "import { IntlMessageFormat } from 'intl-messageformat';\nimport { step } from '../game/step.ts';\nimport { readFileSync } from 'node:fs';\nexport const x = [IntlMessageFormat, step, readFileSync];\n";
    expect(await problems('host/words/example.ts', text)).toEqual([
      'dambord/layers: host/words/ may import only host/words/; not host/game/step.ts',
      'dambord/layers: host/words/ is pure: it may not import "node:fs" (no node: module or package; only the adapters do I/O)',
    ]);
    expect(await problems('host/words/example.ts', "export const x = Date.now();\n")).toHaveLength(1);
  });

  it('the serial protocol imports of the link kit only its pure parts: sequence numbers and the user\'s commands', async () => {
    const text = "import { nextSeq } from '../kit/seq.ts';\nimport type { UserCommand } from '../kit/command.ts';\nimport { PortKeeper } from '../kit/reconnect.ts';\nexport const x: [unknown, unknown, UserCommand | null] = [nextSeq, PortKeeper, null];\n";
    expect(await problems('host/link/protocol/example.ts', text)).toEqual([
      'dambord/layers: host/link/protocol/ may import only host/link/protocol/, host/link/types.ts, host/link/kit/seq.ts, host/link/kit/command.ts, rules/; not host/link/kit/reconnect.ts',
    ]);
  });

  it('the pure parts use no timer and no wall clock; the adapters may', async () => {
    const text = 'export const x = [setTimeout, Date.now()];\n';
    expect(await problems('host/game/example.ts', text)).toHaveLength(2);
    expect(await problems('host/link/protocol/example.ts', text)).toHaveLength(2);
    expect(await problems('host/play/example.ts', text)).toEqual([]);
  });

  it("the page's scripts keep their functions to 80 lines", async () => {
    /** A function of `lines` lines, its head and its closing brace counted. */
    const fn = (lines: number) => `export function f() {\n${'  void 0;\n'.repeat(lines - 2)}}\n`;
    expect(await problems('host/web/static/example.js', fn(80))).toEqual([]);
    expect(await problems('host/web/static/example.js', fn(81))).toEqual(["max-lines-per-function: Function 'f' has too many lines (81). Maximum allowed is 80."]);
    expect(await problems('host/web/example.ts', fn(81))).toEqual([]);
  });

  it("a variant's behaviour is read from its fields: only rules/variants/ tests a variant's name", async () => {
    const text = "import type { Variant } from '../../rules/index.ts';\nexport const f = (v: Variant) => v.name === 'english' || 'czech' !== v.name;\n";
    const rule = "no-restricted-syntax: a variant's behaviour is a field of the variant (rules/variant.ts), not a test of its name outside rules/variants/";
    expect(await problems('host/cli/example.ts', text)).toEqual([rule, rule]);
    expect(await problems('host/game/example.ts', text)).toEqual([rule, rule]);
    expect(await problems('rules/pdn/example.ts', text.replace('../../rules/index.ts', '../variant.ts'))).toEqual([rule, rule]);
    expect(await problems('rules/variants/example.ts', text.replace('../../rules/index.ts', '../variant.ts'))).toEqual([]);
    expect(await problems('host/cli/example.ts', "export const f = (t: { name: string }) => t.name === 'Result';\n")).toEqual([]);
    const cases = "import type { Variant } from '../../rules/index.ts';\nexport function f(v: Variant) {\n  switch (v.name) {\n    case 'czech':\n      return 1;\n    default:\n      return 0;\n  }\n}\n";
    expect(await problems('host/speech/example.ts', cases)).toEqual([rule]);
  });

  it("the pure parts of the wings: speech's words and announcer, the pairings, the archive's names", async () => {
    const timer = 'export const x = setTimeout;\n';
    expect(await problems('host/speech/announce.ts', "import { spawn } from 'node:child_process';\nexport const x = spawn;\n")).toEqual([
      `dambord/layers: speech's words and announcer is pure: it may not import "node:child_process" (no node: module or package; only the adapters do I/O)`,
    ]);
    expect(await problems('host/speech/words.ts', "import { speak } from './speaker.ts';\nimport { IntlMessageFormat } from 'intl-messageformat';\nexport const x = [speak, IntlMessageFormat];\n")).toEqual([
      "dambord/layers: speech's words and announcer may import only host/speech/words.ts, host/speech/announce.ts, host/speech/keyboard.ts, host/speech/queries.ts, host/words/, host/game/, rules/, host/link/types.ts; not host/speech/speaker.ts",
    ]);
    expect(await problems('host/speech/keyboard.ts', timer)).toHaveLength(1);
    expect(await problems('host/event/pairings.ts', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n")).toHaveLength(1);
    expect(await problems('host/archive/names.ts', timer)).toHaveLength(1);
    expect(await problems('host/archive/store.ts', timer)).toEqual([]);
  });

  it("the pure parts of the wings: the broadcast's store and feeds, the archive's identity, the event archive's paths, the SHA-256 they name things by", async () => {
    const crypto = "import { createHash } from 'node:crypto';\nexport const x = createHash;\n";
    const pure = (layer: string) => `dambord/layers: ${layer} is pure: it may not import "node:crypto" (no node: module or package; only the adapters do I/O)`;
    expect(await problems('host/broadcast/feeds.ts', crypto)).toEqual([pure("the broadcast's store and feeds")]);
    expect(await problems('host/archive/identity.ts', crypto)).toEqual([pure("the archive's names and identity")]);
    expect(await problems('host/event/archive.ts', crypto)).toEqual([pure("the event archive's paths")]);
    expect(await problems('host/hash/sha256.ts', crypto)).toEqual([pure('host/hash/')]);
    // The store is handed its clock, timer and run id (storeHost.ts, an adapter, has Node's).
    expect(await problems('host/broadcast/store.ts', 'export const x = [setTimeout(() => {}, 10), Date.now()];\n')).toHaveLength(2);
    expect(await problems('host/broadcast/store.ts', "import { openSubscriber } from './mqttLink.ts';\nexport const x = openSubscriber;\n")).toEqual([
      "dambord/layers: the broadcast's store and feeds may import only host/broadcast/store.ts, host/broadcast/feeds.ts, host/broadcast/admit.ts, host/broadcast/refusals.ts, host/broadcast/checkState.ts, host/broadcast/boardState.ts, host/broadcast/topics.ts, host/broadcast/message.ts, host/broadcast/types.ts, host/hash/, host/game/, host/event/pairings.ts, rules/; not host/broadcast/mqttLink.ts",
    ]);
    expect(await problems('host/broadcast/storeHost.ts', crypto)).toEqual([]);
  });

  it("the link kit's pure parts (sequence numbers, commands, the event channel) use no timer and reach no port", async () => {
    expect(await problems('host/link/kit/channel.ts', 'export const x = setTimeout;\n')).toHaveLength(1);
    expect(await problems('host/link/kit/command.ts', "import { PortKeeper } from './reconnect.ts';\nexport const x = PortKeeper;\n")).toEqual([
      "dambord/layers: the link kit's pure parts may import only host/link/kit/seq.ts, host/link/kit/command.ts, host/link/kit/channel.ts, host/link/types.ts; not host/link/kit/reconnect.ts",
    ]);
    expect(await problems('host/link/kit/reconnect.ts', 'export const x = setTimeout;\n')).toEqual([]);
  });

  it('no arrow runs back up: to host/cli/ from outside it, to a test kit (fault injection among them) from production code', async () => {
    const cli = "import { openBoard } from '../cli/openBoard.ts';\nexport const x = openBoard;\n";
    expect(await problems('host/broadcast/example.ts', cli)).toEqual(['dambord/reach: nothing outside host/cli/ imports host/cli/ (the commands are the top of the house); not host/cli/openBoard.ts']);
    expect(await problems('host/cli/example.ts', "import { openBoard } from './openBoard.ts';\nexport const x = openBoard;\n")).toEqual([]);
    const kits = "import { mockBoard } from '../link/testing/mockBoard.ts';\nimport { runCliBuffered } from '../cli/testing.ts';\nexport const x = [mockBoard, runCliBuffered];\n";
    expect(await problems('host/play/example.ts', kits)).toEqual([
      'dambord/reach: production code imports no test kit (testing/, test/); not host/link/testing/mockBoard.ts',
      'dambord/reach: nothing outside host/cli/ imports host/cli/ (the commands are the top of the house); not host/cli/testing.ts',
    ]);
    // Fault injection is a test kit (host/journal/testing/, host/link/testing/): never on a command's path.
    expect(await problems('host/cli/commands/example.ts', "import { killedAfterEvent } from '../../journal/testing/killedAfterEvent.ts';\nexport const x = killedAfterEvent;\n")).toEqual([
      'dambord/reach: production code imports no test kit (testing/, test/); not host/journal/testing/killedAfterEvent.ts',
    ]);
    expect(await problems('host/play/example.test.ts', kits)).toEqual([]);
    expect(await problems('host/link/testing/example.ts', "import { createFaultInjector } from './fault.ts';\nexport const x = createFaultInjector;\n")).toEqual([]);
  });

  it('no file of host/ or rules/ imports itself round a cycle, type imports included', () => {
    const texts = new Map([
      ['host/a.ts', "import { b } from './b.ts';\n"],
      ['host/b.ts', "import type { A } from './c/a.ts';\nexport { c } from './a.ts';\n"],
      ['host/c/a.ts', 'export type A = 1;\n'],
    ]);
    expect(cycles(graphOf(texts))).toEqual(['host/a.ts → host/b.ts → host/a.ts']);
    expect(cycles(graphOf(readTree(cwd, ['host', 'rules', 'engine'])))).toEqual([]);
  });
});
