// The computer's level and colour chosen before the first move (the `computer` command, as the
// page and the board's gesture send it), on the simulated board: the game set up again with the
// computer named for its level on its side (the PDN's `[White "dambord, level 3"]`), the new
// journal's header naming it for a resume, the engine opened again at that level; refused once
// a move is made, and a level for an external engine refused. From the board alone
// (host/game/computerGesture.ts): j'adoube held 1 s says the level and colour, then pressed three
// times sets level 3, held again gives the computer the other colour; a short press alone is the
// referee's j'adoube (FMJD 3.13) and changes nothing.
import { describe, expect, it } from 'vitest';
import { currentPosition, parseFen, parseMoveText, variants } from '../../rules/index.ts';
import type { Engine } from '../engine/engine.ts';
import type { ComputerConfig } from '../game/computerConfig.ts';
import type { Journal } from '../journal/journal.ts';
import { casual } from '../game/referee/policy.ts';
import { startSession } from './session.ts';
import { simulatedTable } from './testing/simulatedTable.ts';

/** An engine answering every question with White's 32-28 or Black's 19-23 (the international start's). */
function fixed(name: string): Engine & { closed: boolean } {
  const e = {
    name,
    closed: false,
    async think(game: Parameters<Engine['think']>[0]) {
      const pos = currentPosition(game);
      const parsed = parseMoveText(pos, pos.turn === 'white' ? '32-28' : '19-23');
      if (!parsed.ok) throw new Error('no such move here');
      return { move: parsed.move, score: null, pv: [parsed.move], depth: 1, nodes: 1, ms: 1 };
    },
    async close() {
      e.closed = true;
    },
  };
  return e;
}

const none = { appendBatch: () => {}, append: () => {}, close: () => {}, enqueue: async () => {}, path: 'none', count: 0 } as unknown as Journal;

function table(config: ComputerConfig) {
  const v = variants.international;
  const start = parseFen(v, v.startFen);
  if (!start.ok) throw new Error();
  const { board, link, now, run } = simulatedTable(start.position);
  const first = fixed('first');
  const opened: { spec: string; engine: Engine & { closed: boolean } }[] = [];
  const headers: (ComputerConfig | undefined)[] = [];
  const session = startSession({
    start: start.position, policy: casual, link, hands: board, now, players: { white: 'Anna', black: config.name },
    computer: { config, engine: first },
    reopen: async (spec) => {
      const engine = fixed(spec);
      opened.push({ spec, engine });
      return engine;
    },
    nextJournal: (_players, _chosen, computer) => {
      headers.push(computer);
      return { journal: none, tags: [] };
    },
    dropJournal: () => {},
  });
  return { session, run, first, opened, headers, board };
}

const builtin: ComputerConfig = { side: 'black', name: 'dambord, level 5', spec: 'builtin:level=5', level: 5, altMove: false };

describe('the computer command', () => {
  it('before the first move: level 3 playing White, named so in the PDN and the journal\'s header, its engine opened again', async () => {
    const { session, run, first, opened, headers } = table(builtin);
    try {
      await run(600);
      expect(await session.command({ type: 'computer', side: 'white', level: 3 })).toEqual({ ok: true });
      await run(100);
      const want = { side: 'white', name: 'dambord, level 3', spec: 'builtin:level=3', level: 3, altMove: false };
      expect(headers).toEqual([want]);
      expect(opened.map((o) => o.spec)).toEqual(['builtin:level=3']);
      expect(first.closed).toBe(true);
      const v = session.view();
      expect(v.engine).toMatchObject({ side: 'white', name: 'dambord, level 3', level: 3 });
      expect(v.pdn).toContain('[White "dambord, level 3"]');
      expect(v.pdn).toContain('[Black "Anna"]');
      expect(v.log).toContain('Level 3. The computer plays White.');
    } finally {
      await session.close();
    }
  });

  it('the colour alone: the engine kept, the computer on Black\'s side goes to White\'s', async () => {
    const { session, run, opened } = table(builtin);
    try {
      await run(600);
      expect(await session.command({ type: 'computer', side: 'white' })).toEqual({ ok: true });
      expect(opened).toEqual([]);
      expect(session.view().pdn).toContain('[White "dambord, level 5"]');
    } finally {
      await session.close();
    }
  });

  it('refused once a move is made, and a level for an external engine', async () => {
    const { session, run } = table(builtin);
    try {
      await run(600);
      expect(await session.command({ type: 'lift', square: '32' })).toEqual({ ok: true });
      await run(300);
      expect(await session.command({ type: 'place', square: '28' })).toEqual({ ok: true });
      await run(300);
      const r = await session.command({ type: 'computer', level: 2 });
      expect(r.ok).toBe(false);
      expect(session.view().engine).toMatchObject({ level: 5 });
    } finally {
      await session.close();
    }
    const hub = table({ ...builtin, name: 'Scan', spec: 'hub:scan', level: null });
    try {
      await hub.run(600);
      const r = await hub.session.command({ type: 'computer', level: 2 });
      expect(r).toMatchObject({ ok: false, error: expect.stringContaining('built-in engine') });
    } finally {
      await hub.session.close();
    }
  });

  it('from the board: j\'adoube held opens the choice and says it, three presses set level 3, held again changes the colour', async () => {
    const { session, run, opened, board } = table(builtin);
    const log = () => session.view().log.join('\n');
    const press = async (ms: number) => {
      board.press('jadoube');
      await run(ms);
      board.release('jadoube');
      await run(300);
    };
    /** Until the game has taken the choice (it opens a journal and an engine, off the board's time). */
    const until = async (done: () => boolean) => {
      for (let i = 0; i < 100 && !done(); i++) {
        await new Promise((r) => setTimeout(r, 10));
        await run(100);
      }
    };
    try {
      await run(600);
      // A j'adoube alone, as a player adjusting a piece presses it: the level stays.
      await press(100);
      await run(3500);
      expect(session.view().engine).toMatchObject({ level: 5, side: 'black' });
      expect(log()).not.toContain('Level 5.');
      await press(1200);
      expect(log()).toContain('Level 5. The computer plays Black.');
      for (let i = 0; i < 3; i++) await press(100);
      await run(3500);
      await until(() => session.view().engine?.level === 3);
      expect(session.view().engine).toMatchObject({ level: 3, side: 'black', name: 'dambord, level 3' });
      expect(opened.map((o) => o.spec)).toEqual(['builtin:level=3']);
      await until(() => log().includes('Level 3. The computer plays Black.'));
      expect(log()).toContain('Level 3. The computer plays Black.');
      await press(1200);
      await press(1200);
      await until(() => session.view().engine?.side === 'white');
      expect(session.view().pdn).toContain('[White "dambord, level 3"]');
      await until(() => log().includes('Level 3. The computer plays White.'));
      expect(log()).toContain('Level 3. The computer plays White.');
    } finally {
      await session.close();
    }
  });
});
