// Game analysis with a fake engine whose scores are chosen here, so that the `?` and `??` marks
// and the better move are checked exactly; and the marks' rule on its own.
import { describe, expect, it } from 'vitest';
import { currentPosition, newGame, parseFen, parseMoveText, readPdn, variants } from '../../rules/index.ts';
import type { Game } from '../../rules/index.ts';
import type { Score } from '../../engine/types.ts';
import type { Engine } from './engine.ts';
import { BLUNDER_MEN, MISTAKE_MEN, analyseGame, analysePosition, analysisJson, markOf, turned } from './analysis.ts';
import { analysedGamePdn } from './analysisPdn.ts';

const men = (value: number): Score => ({ kind: 'men', value });

/** An engine that answers, in the position after `n` plies, `said[n]`: a move (as written) and a score for the side to move. */
function scripted(said: readonly { move: string; score: Score }[]): Engine {
  return {
    name: 'scripted',
    async think(game: Game) {
      const { move, score } = said[game.moves.length];
      const r = parseMoveText(currentPosition(game), move);
      if (!r.ok) throw new Error(`${move} is not legal after ${game.moves.length} plies`);
      return { move: r.move, score, pv: [r.move], depth: 1, nodes: 1, ms: 0 };
    },
    async close() {},
  };
}

// 1. 32-28 19-23 2. 28x19 14x23: after 28x19 Black takes back with 14 or 13 (FMJD 4.1, 4.2).
const GAME = readPdn('[Event "t"]\n[White "W"]\n[Black "B"]\n[Result "*"]\n1. 32-28 {the usual} 19-23 2. 28x19 14x23 *\n').games[0];
const moves = GAME.line.flatMap((i) => (i.kind === 'ply' ? [i.move] : []));

describe('analyseGame', () => {
  const engine = scripted([
    { move: '32-28', score: men(0.1) }, // White plays the engine's move: no mark whatever the scores.
    { move: '17-22', score: men(-0.1) }, // Black has -0.10 with 17-22 ...
    { move: '28x19', score: men(0.7) }, // ... and after 19-23 White has +0.70: Black lost 0.60, a mistake.
    { move: '13x24', score: men(-0.5) }, // Black has -0.50 with 13x24 ...
    { move: '34-29', score: men(2) }, // ... and after 14x23 White has +2.00: Black lost 1.50, a blunder.
  ]);

  it('marks each move by what it loses for the mover and gives the better move', async () => {
    const plies = await analyseGame(engine, GAME.start, moves, { depth: 1 });
    expect(plies.map((p) => [p.ply, p.color, p.text, p.scoreBefore, p.scoreAfter, p.mark, p.better])).toEqual([
      [1, 'white', '32-28', men(0.1), men(0.1), null, null],
      [2, 'black', '19-23', men(-0.1), men(-0.7), '?', '17-22'],
      [3, 'white', '28x19', men(0.7), men(0.5), null, null],
      [4, 'black', '14x23', men(-0.5), men(-2), '??', '13x24'],
    ]);
  });

  it('writes the marks and comments as PDN our reader reads back, the game\'s own kept', async () => {
    const plies = await analyseGame(engine, GAME.start, moves, { depth: 1 });
    const back = readPdn(analysedGamePdn(GAME, plies, 'scripted')).games[0];
    expect(back.error).toBeNull();
    expect(back.tags.find((t) => t.name === 'Annotator')?.value).toBe('scripted');
    const read = back.line.flatMap((i) => (i.kind === 'ply' ? [[i.text, i.nags, i.comments]] : []));
    expect(read[1]).toEqual(['19-23', ['?'], ['-0.10 -> -0.70; 17-22 was better']]);
    // The game's own comment is kept, the analysis after it.
    expect(read[0]).toEqual(['32-28', [], ['the usual', '+0.10 -> +0.10']]);
    expect(back.tags.find((t) => t.name === 'White')?.value).toBe('W');
  });
});

describe('markOf', () => {
  it.each([
    [men(0.3), men(0.3 - MISTAKE_MEN + 0.01), null],
    [men(0.3), men(0.3 - MISTAKE_MEN), '?'],
    [men(0.3), men(0.3 - BLUNDER_MEN + 0.01), '?'],
    [men(0.3), men(0.3 - BLUNDER_MEN), '??'],
    [men(2), { kind: 'loss', plies: 9 }, '??'], // into a proven loss
    [{ kind: 'win', plies: 5 }, men(3), '??'], // a proven win given away
    [{ kind: 'win', plies: 5 }, { kind: 'win', plies: 11 }, null], // a slower win is still a win
    [{ kind: 'loss', plies: 4 }, { kind: 'loss', plies: 2 }, null], // lost already
    [men(0), { kind: 'win', plies: 3 }, null],
    [null, men(-5), null],
  ] as [Score | null, Score | null, string | null][])('%j then %j: %s', (before, after, mark) => {
    expect(markOf(before, after)).toBe(mark);
  });

  it('turns a score of the side to move into the mover\'s, the move counted', () => {
    expect(turned({ kind: 'loss', plies: 0 })).toEqual({ kind: 'win', plies: 1 });
    expect(turned({ kind: 'win', plies: 4 })).toEqual({ kind: 'loss', plies: 5 });
    expect(turned(men(0.25))).toEqual(men(-0.25));
  });
});

describe('analysePosition and its JSON line', () => {
  it('writes a proven result as "win" plies in place of "score", the moves in the variant\'s notation', async () => {
    // Russian draughts are written a1-h8 (the variant's notation); White's man on c3 takes d4 (rule 4.1).
    const start = parseFen(variants.russian, 'W:Wc3:Bd4,h8');
    if (!start.ok) throw new Error(start.error.reason);
    const engine: Engine = {
      name: 'proves',
      async think(game) {
        const r = parseMoveText(currentPosition(game), 'c3:e5');
        if (!r.ok) throw new Error('c3:e5 is not legal');
        return { move: r.move, score: { kind: 'win', plies: 3 }, pv: [r.move], depth: 5, nodes: 40, ms: 1.4 };
      },
      async close() {},
    };
    const a = await analysePosition(engine, newGame(start.position), { depth: 5 });
    expect(JSON.stringify(analysisJson(a))).toBe(`{"type":"analysis","fen":"${a.fen}","best":"c3xe5","win":3,"pv":["c3xe5"],"depth":5,"nodes":40,"ms":1}`);
  });
});
