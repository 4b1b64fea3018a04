// A game against the computer on the simulated board (the committed firmware in avr8js, the
// serial link), the first 24 plies of a real game of each variant (test/fixtures/oracles, by
// test/hands/oracleGames.ts): White is the player, Black the computer (moving first in English
// draughts, Laws 2), whose engine here answers with the real game's move. The independent hand model of test/hands makes every move, the
// player's and the computer's, from the rules and how hands move pieces: the computer's once
// its move is shown, its captured pieces taken off in capture order or the reverse, at the usual
// pace or seconds apart (FMJD 4.11). The game must go on from each move as the real game did.
import { describe, expect, it } from 'vitest';
import { currentPosition, formatMove, sameMove, squareName } from '../rules/index.ts';
import type { Game } from '../rules/index.ts';
import type { Engine } from '../host/engine/engine.ts';
import { casual } from '../host/game/referee/policy.ts';
import { startSession } from '../host/play/session.ts';
import { simulatedTable } from '../host/play/testing/simulatedTable.ts';
import { PLAIN_CHOICE, handGame } from './hands/model.ts';
import type { PlyChoice } from './hands/model.ts';
import { parseAction } from './hands/board.ts';
import { excerpt, oracleGames } from './hands/oracleGames.ts';
import { SIMULATED_RUN_LIMIT_MS } from './limits.ts';

/**
 * The plies of each game played: the first 24 in `npm test`; every ply of the game with
 * `DAMBORD_COMPUTER_PLIES=all` (`npm run soak:computer`, a few minutes a variant) or that many.
 */
const PLIES = process.env.DAMBORD_COMPUTER_PLIES === 'all' ? Infinity : Number(process.env.DAMBORD_COMPUTER_PLIES ?? 24) || 24;

describe('games against the computer on the simulated board, made by the hand model', () => {
  it.each(['international', 'czech', 'english', 'brazilian', 'russian'])('%s: the computer\'s moves shown, made by the hands with slow removals in either order, the game as the real one', async (variant) => {
    const games = oracleGames().filter((g) => g.variant === variant && g.moves.length >= Math.min(PLIES, 24));
    // A game where the computer (Black) captures in the plies played, the first such.
    const real = excerpt(games.find((g) => g.moves.slice(0, PLIES).some((m, i) => g.before[i].turn === 'black' && m.captured.length > 0)) ?? games[0], 0, PLIES);
    const plies = real.moves.length;
    // The engine: the real game's move in the position it is asked about.
    const engine: Engine = {
      name: 'the real game',
      async think(game: Game) {
        const move = real.moves[game.moves.length];
        // Past the plies played: an engine that has no answer, as the session tells it.
        if (!move) throw new Error('the real game goes no further here');
        return { move, score: null, pv: [move], depth: null, nodes: null, ms: 0 };
      },
      async close() {},
    };
    // Captured pieces taken off in capture order or the reverse, at the usual pace or seconds apart, by turns.
    const choices: PlyChoice[] = real.moves.map((_, i) => ({ ...PLAIN_CHOICE, removal: i % 4 < 2 ? 0 : 500, slowRemoval: i % 2 === 0 ? 0 : 900 }));
    const hands = handGame(real.start, real.moves, choices, { clock: 'never', irregular: false });
    const { board, link, now, run } = simulatedTable(real.start);
    const session = startSession({ start: real.start, policy: casual, link, hands: board, now, computer: { config: { side: 'black', name: 'the real game', spec: 'hub:real', level: null, altMove: false }, engine } });
    const v = real.start.variant;
    try {
      await run(600);
      for (const ply of hands.plies) {
        const computer = real.before[ply.ply - 1].turn === 'black';
        if (computer) {
          for (let i = 0; i < 200 && session.view().engine?.state !== 'showing'; i++) await run(20);
          const shown = session.view().engine?.move;
          const before = real.before[ply.ply - 1];
          expect(shown?.text, `ply ${ply.ply}`).toBe(formatMove(before, real.moves[ply.ply - 1]));
        }
        for (const line of ply.lines) {
          const a = parseAction(v, line);
          if (!a) continue;
          if (a.kind === 'wait') await run(a.ms);
          else if (a.kind === 'press') await session.command({ type: 'press', button: a.button });
          else expect(await session.command({ type: a.kind, square: squareName(v, a.square) })).toEqual({ ok: true });
          await run(200);
        }
        // The player waits for the computer: a king put down where it could slide further is
        // a move once the hand has let go of it (FMJD 3.10), which the board tells by its stillness.
        for (let i = 0; i < 10 && (session.state().referee?.game.moves.length ?? 0) < ply.ply; i++) await run(300);
        const state = session.state();
        expect(state.referee?.game.moves.length, `ply ${ply.ply}: ${ply.lines.join('; ')}`).toBe(ply.ply);
        expect(sameMove(state.referee!.game.moves[ply.ply - 1], real.moves[ply.ply - 1])).toBe(true);
        if (computer) expect(session.view().engine?.state).not.toBe('showing');
      }
      expect(currentPosition(session.state().referee!.game).board).toEqual(real.after[plies - 1].board);
      expect(session.view().irregularity).toBeNull();
    } finally {
      await session.close();
    }
  }, SIMULATED_RUN_LIMIT_MS);
});
