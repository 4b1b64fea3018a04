// The layers of the design (README, Layout) are enforced by the lint rule `dambord/layers` and
// the restricted globals of eslint.config.js: a forbidden import or timer in a pure part fails
// `npm test`. Checked here on text linted as if it stood in each layer.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

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

  it('the serial protocol imports of the link kit only its pure parts: sequence numbers and the user\'s commands', async () => {
    const text = "import { nextSeq } from '../kit/seq.ts';\nimport type { UserCommand } from '../kit/command.ts';\nimport { PortKeeper } from '../kit/reconnect.ts';\nexport const x: [unknown, unknown, UserCommand | null] = [nextSeq, PortKeeper, null];\n";
    expect(await problems('host/link/protocol/example.ts', text)).toEqual([
      'dambord/layers: host/link/protocol/ may import only host/link/protocol/, host/link/types.ts, host/link/kit/seq.ts, host/link/kit/command.ts, rules/; not host/link/kit/reconnect.ts',
    ]);
  });

  it('nothing outside host/cli/ imports host/cli/, and production code imports no testing/ kit; tests may', async () => {
    const text = "import { boardSeat } from '../cli/openBoard.ts';\nimport { createFaultInjector } from '../link/testing/fault.ts';\nexport const x = [boardSeat, createFaultInjector];\n";
    expect(await problems('host/event/example.ts', text)).toEqual([
      'dambord/entrances: only host/cli/ imports host/cli/: not host/event/example.ts (host/cli/openBoard.ts)',
      'dambord/entrances: production code imports no testing/ kit: not host/link/testing/fault.ts',
    ]);
    expect(await problems('host/event/example.test.ts', text)).toEqual([]);
    expect(await problems('host/cli/example.ts', "import { why } from './input.ts';\nexport const x = why;\n")).toEqual([]);
  });

  it('the pure parts use no timer and no wall clock; the adapters may', async () => {
    const text = 'export const x = [setTimeout, Date.now()];\n';
    expect(await problems('host/game/example.ts', text)).toHaveLength(2);
    expect(await problems('host/link/protocol/example.ts', text)).toHaveLength(2);
    expect(await problems('host/play/example.ts', text)).toEqual([]);
  });
});
