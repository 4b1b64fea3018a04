// A match between two engines, as `dambord match` plays it (issue 30, item 3): colours
// alternate game by game over the openings (game 1: opening 1, engine A white; game 2: opening 1,
// colours swapped; game 3: opening 2 ...); an engine that failed is reopened for the next game.

import { newGame } from '../../rules/index.ts';
import type { Color } from '../../rules/index.ts';
import type { Engine } from './engine.ts';
import { EngineError } from './engine.ts';
import type { GameRecord, MatchTiming } from './matchGame.ts';
import { playMatchGame } from './matchGame.ts';
import type { Opening } from './openings.ts';

/** A game of a match: its number (1..), who had white (0: engine A, 1: engine B), its opening and the engines' names. */
export interface MatchGame extends GameRecord {
  readonly n: number;
  readonly whiteIs: 0 | 1;
  readonly opening: Opening;
  readonly whiteName: string;
  readonly blackName: string;
}

/** What a match needs: the engines A and B (opened), how to reopen them, the games and their timing. */
export interface MatchOptions {
  /** Engine A (white in the first game) and engine B, opened; the match closes them when it ends. */
  readonly engines: readonly [Engine, Engine];
  /** Opens engine A (0) or B (1) again after it failed; rejects with an EngineError when it cannot. */
  readonly reopen: (which: 0 | 1) => Promise<Engine>;
  readonly games: number;
  readonly openings: readonly Opening[];
  readonly timing: MatchTiming;
  readonly now: () => number;
  readonly signal?: AbortSignal;
  readonly plyCap?: number;
  /** Each game as it is finished. */
  readonly onGame?: (game: MatchGame) => void;
  /** Something the user should know that is no game: an engine failed, was reopened, or did not reopen. */
  readonly onNote?: (text: string) => void;
}

/** The games finished, from engine A's point of view in `wins`, `draws`, `losses`; `stopped` when the signal ended it. */
export interface MatchResult {
  readonly games: readonly MatchGame[];
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  readonly stopped: boolean;
}

/**
 * Plays the match. A game the signal stops is not counted; the engines are closed at the end,
 * however it ends.
 */
export async function runMatch(o: MatchOptions): Promise<MatchResult> {
  const engines: (Engine | null)[] = [...o.engines];
  const names = o.engines.map((e) => e.name);
  const games: MatchGame[] = [];
  const tally = { wins: 0, draws: 0, losses: 0 };
  try {
    for (let i = 0; i < o.games && !o.signal?.aborted; i++) {
      const whiteIs = (i % 2) as 0 | 1;
      const opening = o.openings[Math.floor(i / 2) % o.openings.length];
      for (const k of [0, 1] as const) if (!engines[k]) engines[k] = await reopened(o, k);
      const [white, black] = whiteIs === 0 ? [engines[0], engines[1]] : [engines[1], engines[0]];
      const record = white && black ? await playMatchGame({ white, black, opening, timing: o.timing, now: o.now, signal: o.signal, plyCap: o.plyCap }) : forfeit(opening, white === null ? 'white' : 'black');
      if (record.result === '*') break;
      // An engine's name as it gave it in this game (a DXP engine names itself in GAMEACC).
      for (const k of [0, 1] as const) names[k] = engines[k]?.name ?? names[k];
      const game: MatchGame = { ...record, n: i + 1, whiteIs, opening, whiteName: names[whiteIs], blackName: names[1 - whiteIs] };
      games.push(game);
      const aColor: Color = whiteIs === 0 ? 'white' : 'black';
      if (record.winner === 'draw') tally.draws++;
      else if (record.winner === aColor) tally.wins++;
      else tally.losses++;
      if (record.failed) {
        const k = record.failed === 'white' ? whiteIs : 1 - whiteIs;
        o.onNote?.(`game ${i + 1}: ${record.reason}; the engine is started again for the next game`);
        await engines[k]?.close();
        engines[k] = null;
      }
      // The engines that did not fail are told the game is over (DXP GAMEEND); one that fails
      // then is started again for the next game.
      for (const k of [0, 1] as const) {
        const e = engines[k];
        if (!e?.gameOver || (e !== white && e !== black)) continue;
        try {
          await e.gameOver(record.game, record.result);
        } catch (err) {
          if (!(err instanceof EngineError)) throw err;
          o.onNote?.(`game ${i + 1}: ${err.message}; the engine is started again for the next game`);
          await e.close();
          engines[k] = null;
        }
      }
      o.onGame?.(game);
      // A turn of the event loop between games: an engine that answers at once (in this thread)
      // would otherwise hold off Ctrl-C until the match is over.
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    await Promise.all(engines.map((e) => e?.close()));
  }
  return { games, ...tally, stopped: o.signal?.aborted === true };
}

async function reopened(o: MatchOptions, k: 0 | 1): Promise<Engine | null> {
  try {
    return await o.reopen(k);
  } catch (e) {
    if (!(e instanceof EngineError)) throw e;
    o.onNote?.(`${e.message}: the engine could not be started again; it loses the next game`);
    return null;
  }
}

/** A game lost without a move by `loser`, whose engine could not be started. */
function forfeit(opening: Opening, loser: Color): GameRecord {
  const v = opening.start.variant;
  return { game: newGame(opening.start), result: loser === 'white' ? v.scoring.blackWins : v.scoring.whiteWins, winner: loser === 'white' ? 'black' : 'white', reason: `${loser}'s engine could not be started`, failed: null };
}
