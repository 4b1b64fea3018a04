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
      'dambord/layers: host/game/ may import only host/game/, rules/, host/link/types.ts; not host/play/session.ts',
      'dambord/layers: host/game/ is pure: it may not import "node:fs" (no node: module or package; only the adapters do I/O)',
    ]);
  });

  it('the pure parts use no timer and no wall clock; the adapters may', async () => {
    const text = 'export const x = [setTimeout, Date.now()];\n';
    expect(await problems('host/game/example.ts', text)).toHaveLength(2);
    expect(await problems('host/link/protocol/example.ts', text)).toHaveLength(2);
    expect(await problems('host/play/example.ts', text)).toEqual([]);
  });

  it('no file of host/ or rules/ imports itself round a cycle, type imports included', () => {
    const texts = new Map([
      ['host/a.ts', "import { b } from './b.ts';\n"],
      ['host/b.ts', "import type { A } from './c/a.ts';\nexport { c } from './a.ts';\n"],
      ['host/c/a.ts', 'export type A = 1;\n'],
    ]);
    expect(cycles(graphOf(texts))).toEqual(['host/a.ts → host/b.ts → host/a.ts']);
    expect(cycles(graphOf(readTree(cwd, ['host', 'rules'])))).toEqual([]);
  });
});
