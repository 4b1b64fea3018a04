// Two boards, one game (issue 14, item 5): the pair of host/play/pair.ts driven together with
// the real game (host/game/step.ts), purely. Each player moves on their own board and copies the
// opponent's move onto it, as blind players do (blind players' practice: the IBCA rule for
// copying is in none of our rulebooks); only the active board's hands are the game's, and only
// once it shows the game; the first square where a board differs from the game is named.
import { describe, expect, it } from 'vitest';
import { BLACK_MAN, SquareSet, WHITE_KING, WHITE_MAN, parseFen, variants } from '../../rules/index.ts';
import type { Color, Variant } from '../../rules/index.ts';
import { createGame, step } from '../game/step.ts';
import type { GameState } from '../game/game.ts';
import { tournament } from '../game/referee/policy.ts';
import type { BoardButton, BoardEvent, LedFrame } from '../link/types.ts';
import { boardFrame, copyStep, createPair, pairEvent, pairGame, pairGameOf } from './pair.ts';
import type { PairState } from './pair.ts';
import { copyWords } from './pairWords.ts';
import { LANGUAGES } from '../words/catalogue.ts';

const hello = (v: Variant) => ({ fw: '2.0.0', squares: v.geometry.squares, buttons: 4, caps: ['leds'], ring: 64, boot: 1, extra: {} });

/** Two boards and the game, the pair between them; squares by their numbers (1-based). */
function table(fen?: string, v: Variant = variants.international, skew: Partial<Record<Color, number>> = {}) {
  const parsed = parseFen(v, fen ?? v.startFen);
  if (!parsed.ok) throw new Error(parsed.error.reason);
  const start = parsed.position;
  let game: GameState = createGame({ start, policy: tournament, players: { white: 'W', black: 'B' }, tags: [], timeControl: null, hints: false });
  let pair: PairState = createPair(pairGameOf(game));
  let frame: LedFrame | null = null;
  let host = 1000;
  const clocks: Record<Color, number> = { white: 1000 + (skew.white ?? 0), black: 1000 + (skew.black ?? 0) };
  const on: Record<Color, Set<number>> = { white: new Set(), black: new Set() };
  start.board.forEach((p, i) => p && (on.white.add(i), on.black.add(i)));
  /** What reached the game, as `lift 32` or `press correct`. */
  const forwarded: string[] = [];
  const times: number[] = [];
  const run = (e: BoardEvent) => {
    forwarded.push(e.type === 'button' ? `press ${e.button}` : e.type === 'link' ? `link ${e.state}` : `${e.type} ${e.square + 1}`);
    times.push(e.t);
    const r = step(game, { type: 'board', event: e }, e.t);
    game = r.state;
    for (const x of r.effects) if (x.type === 'leds') frame = x.frame;
    const g = pairGame(pair, pairGameOf(game), host);
    pair = g.state;
    g.forward.forEach(run);
  };
  const send = (board: Color, e: BoardEvent) => {
    const r = pairEvent(pair, board, e, host);
    pair = r.state;
    r.forward.forEach(run);
  };
  const tick = (board: Color, ms = 200) => {
    host += ms;
    clocks.white += ms;
    clocks.black += ms;
    return clocks[board];
  };
  const t = {
    forwarded,
    times,
    game: () => game,
    pair: () => pair,
    moves: () => game.sheet.items.flatMap((i) => (i.kind === 'move' ? [i.text] : [])),
    connect() {
      for (const board of ['white', 'black'] as const) send(board, { type: 'link', state: 'connected', hello: hello(v), occupancy: SquareSet.from(on[board]), buttons: [], t: tick(board, 10) });
    },
    lift(board: Color, square: number, ms = 200) {
      on[board].delete(square - 1);
      send(board, { type: 'lift', square: square - 1, t: tick(board, ms), seq: 0, source: 'board' });
    },
    place(board: Color, square: number, ms = 200) {
      on[board].add(square - 1);
      send(board, { type: 'place', square: square - 1, t: tick(board, ms), seq: 0, source: 'board' });
    },
    /** `from` to `to` on `board`, each captured piece taken off after it, `ms` apart. */
    move(board: Color, from: number, to: number, captured: number[] = [], ms = 200) {
      t.lift(board, from);
      t.place(board, to);
      for (const sq of captured) t.lift(board, sq, ms);
    },
    press(board: Color, button: BoardButton) {
      send(board, { type: 'button', button, down: true, t: tick(board, 100), seq: 0, source: 'board' });
      send(board, { type: 'button', button, down: false, t: tick(board, 60), seq: 0, source: 'board' });
    },
    /** The board's next copy step, as `clear 32` or `fill 28 wm`. */
    step(board: Color): string | null {
      const s = copyStep(pair, board);
      return s && (s.kind === 'clear' ? `clear ${s.square + 1}` : `fill ${s.square + 1} ${s.piece}`);
    },
    /** Follows the board's copy steps until it shows the game: the steps taken. */
    copy(board: Color): string[] {
      const done: string[] = [];
      for (let s = copyStep(pair, board); s; s = copyStep(pair, board)) {
        done.push(t.step(board)!);
        if (s.kind === 'clear') t.lift(board, s.square + 1);
        else t.place(board, s.square + 1);
      }
      return done;
    },
    /** The squares lit on `board` (by number) and how. */
    lit(board: Color): string[] {
      const f = boardFrame(pair, board, frame);
      return (f ?? []).flatMap((p, i) => (p === 'off' ? [] : [`${i + 1} ${p}`]));
    },
    /** The game's own frame, as `lit`. */
    gameLit: () => (frame ?? []).flatMap((p, i) => (p === 'off' ? [] : [`${i + 1} ${p}`])),
  };
  return t;
}

const WM = WHITE_MAN;
const BM = BLACK_MAN;

/** 32-28 19-23, each copied on the other board. */
function opened(): ReturnType<typeof table> {
  const t = table();
  t.connect();
  t.move('white', 32, 28);
  t.copy('black');
  t.move('black', 19, 23);
  t.copy('white');
  return t;
}

/** {@link opened}, then White plays 33-29 although 28x19 is compulsory and presses the clock. */
function missedCapture(): ReturnType<typeof table> {
  const t = opened();
  t.move('white', 33, 29);
  t.press('white', 'clock');
  return t;
}

describe("two boards, one game (blind players' practice: each copies the opponent's move)", () => {
  it('a move on White\'s board is the game\'s; Black\'s board is shown it one step at a time, clearing first, and its copying is never the game\'s', () => {
    const t = table();
    t.connect();
    expect(t.forwarded).toEqual(['link connected']);
    t.move('white', 32, 28);
    expect(t.forwarded).toEqual(['link connected', 'lift 32', 'place 28']);
    expect(t.moves()).toEqual(['32-28']);
    // Black's board still shows the start: take 32 off, then put a white man on 28.
    expect(t.step('black')).toBe('clear 32');
    expect(t.lit('black')).toEqual(['32 fast']);
    expect(copyWords('en', 'black', copyStep(t.pair(), 'black')).text).toBe("Black's board: take the piece off 32.");
    t.lift('black', 32);
    expect(t.step('black')).toBe(`fill 28 ${WM}`);
    expect(t.lit('black')).toEqual(['28 alternate']);
    expect(copyWords('en', 'black', copyStep(t.pair(), 'black')).text).toBe("Black's board: put a white man on 28.");
    expect(copyWords('nl', 'black', copyStep(t.pair(), 'black')).text).toBe('Bord van Zwart: zet een witte schijf op 28.');
    t.place('black', 28);
    expect(t.step('black')).toBeNull();
    expect(copyWords('en', 'black', null).text).toBe("Black's board shows the game.");
    // Nothing of the copying reached the game; both boards show the last move.
    expect(t.forwarded).toEqual(['link connected', 'lift 32', 'place 28']);
    expect(t.lit('black')).toEqual(['28 on', '32 on']);
    expect(t.lit('white')).toEqual(['28 on', '32 on']);
    // Black's board shows the game: Black's move on it is the game's, and White copies it.
    t.move('black', 19, 23);
    expect(t.forwarded.slice(3)).toEqual(['lift 19', 'place 23']);
    expect(t.moves()).toEqual(['32-28', '19-23']);
    expect(t.copy('white')).toEqual(['clear 19', `fill 23 ${BM}`]);
    expect(t.forwarded).toHaveLength(5);
    expect(t.game().irregularity).toBeNull();
  });

  it('FMJD 4.11: a capture whose pieces are taken off slowly is the game\'s once they are off, and copied as the board then shows it', () => {
    const t = opened();
    // 28x19 on White's board: the captured man on 23 comes off 20 s after the capturing man landed.
    t.lift('white', 28);
    t.place('white', 19);
    expect(t.moves()).toEqual(['32-28', '19-23']);
    expect(t.step('black')).toBeNull(); // nothing to copy while the capture is under way
    t.lift('white', 23, 20_000);
    expect(t.moves()).toEqual(['32-28', '19-23', '28x19']);
    expect(t.copy('black')).toEqual(['clear 23', 'clear 28', `fill 19 ${WM}`]);
    expect(t.game().irregularity).toBeNull();
    // Black recaptures on Black's board: 14x23, the man on 19 taken off.
    t.move('black', 14, 23, [19]);
    expect(t.moves()).toEqual(['32-28', '19-23', '28x19', '14x23']);
    expect(t.copy('white')).toEqual(['clear 14', 'clear 19', `fill 23 ${BM}`]);
  });

  it('a copy mistake: the first square where the board differs from the game is named, clearing before filling', () => {
    const t = table();
    t.connect();
    t.move('white', 32, 28);
    // Black takes 32 off and puts the man on 27 by mistake.
    t.lift('black', 32);
    t.place('black', 27);
    expect(t.step('black')).toBe('clear 27');
    expect(copyWords('en', 'black', copyStep(t.pair(), 'black')).text).toBe("Black's board: take the piece off 27.");
    expect(t.lit('black')).toEqual(['27 fast']);
    t.lift('black', 27);
    expect(t.step('black')).toBe(`fill 28 ${WM}`);
    t.place('black', 28);
    expect(t.step('black')).toBeNull();
    expect(t.forwarded).toEqual(['link connected', 'lift 32', 'place 28']);
    expect(t.game().irregularity).toBeNull();
  });

  it('the board that moved is not played on after its move: its pieces disturbed are put back as copy steps, and the game sees nothing', () => {
    const t = table();
    t.connect();
    t.move('white', 32, 28);
    t.lift('white', 31);
    expect(t.step('white')).toBe(`fill 31 ${WM}`);
    expect(t.lit('white')).toEqual(['31 alternate']);
    t.place('white', 31);
    expect(t.step('white')).toBeNull();
    expect(t.forwarded).toEqual(['link connected', 'lift 32', 'place 28']);
    expect(t.game().log.some((l) => /touch|irregular/i.test(l))).toBe(false);
  });

  it('FMJD 5.4: an irregular move on the active board is decided by the opponent from their own board, and corrected on the board it was made on', () => {
    // White must capture 28x19, plays 33-29 instead and presses the clock: the turn is judged.
    const t = missedCapture();
    expect(t.game().irregularity).toMatchObject({ code: 'capture-missed', decision: 'decide', side: 'white' });
    // Black's board shows the game (the move is not the game's yet): nothing to copy, the squares flagged shown.
    expect(t.step('black')).toBeNull();
    expect(t.lit('black').every((l) => l.endsWith('slow'))).toBe(true);
    expect(t.lit('black').length).toBeGreaterThan(0);
    t.press('black', 'correct');
    expect(t.forwarded.slice(-2)).toEqual(['press correct', 'press correct']);
    // The correction is the game's, on White's board: its LEDs show the game's frame.
    expect(t.lit('white')).toEqual(t.gameLit());
    expect(t.lit('white')).toEqual(['29 fast']);
    expect(t.step('white')).toBeNull();
    t.lift('white', 29);
    t.place('white', 33);
    expect(t.game().irregularity).toBeNull();
    t.move('white', 28, 19, [23]);
    expect(t.moves()).toEqual(['32-28', '19-23', '28x19']);
    expect(t.copy('black')).toEqual(['clear 23', 'clear 28', `fill 19 ${WM}`]);
  });

  it('FMJD 5.4: the irregular move accepted from the other board stands, and that board copies it', () => {
    const t = missedCapture();
    t.press('black', 'accept');
    expect(t.game().irregularity).toBeNull();
    expect(t.copy('black')).toEqual(['clear 33', `fill 29 ${WM}`]);
    t.move('black', 23, 32, [28]);
    expect(t.moves().at(-1)).toBe('23x32');
  });

  it('a king that may slide further: the opponent copies it as it stands, and taking a piece of their own closes it, as on one board', () => {
    const t = table('W:WK46:B5');
    t.connect();
    t.lift('white', 46);
    t.place('white', 41);
    expect(t.moves()).toEqual([]); // the king may go on to 37
    expect(t.copy('black')).toEqual(['clear 46', `fill 41 ${WHITE_KING}`]);
    t.move('black', 5, 10);
    expect(t.moves()).toEqual(['46-41', '5-10']);
    expect(t.forwarded).toEqual(['link connected', 'lift 46', 'place 41', 'lift 5', 'place 10']);
    expect(t.copy('white')).toEqual(['clear 5', `fill 10 ${BM}`]);
  });

  it('English Laws 11: a capture closed by the clock before its captured piece is off; the game takes it off when it follows the board that copied it', () => {
    const t = table('W:W22,30:B18,5', variants.english);
    t.connect();
    t.lift('white', 22);
    t.place('white', 15);
    t.press('white', 'clock');
    expect(t.moves()).toEqual(['22x15']);
    expect(t.copy('black')).toEqual(['clear 18', 'clear 22', `fill 15 ${WM}`]);
    // The game sensed the captured man still on White's board: it is taken off as the game follows Black's.
    expect(t.forwarded.slice(-1)).toEqual(['lift 18']);
    t.move('black', 5, 9);
    expect(t.moves()).toEqual(['22x15', '5-9']);
    expect(t.game().irregularity).toBeNull();
    expect(t.copy('white')).toEqual(['clear 5', 'clear 18', `fill 9 ${BM}`]);
  });

  it('j\'adoube counts only from the board played on; the clock from either', () => {
    const t = table();
    t.connect();
    t.press('black', 'jadoube');
    expect(t.forwarded).toEqual(['link connected']);
    t.press('white', 'jadoube');
    t.press('black', 'clock');
    expect(t.forwarded).toEqual(['link connected', 'press jadoube', 'press jadoube', 'press clock', 'press clock']);
  });

  it('each board keeps its own clock: the game\'s times come on one timeline and never go back', () => {
    const t = table(undefined, variants.international, { black: -500_000 });
    t.connect();
    t.move('white', 32, 28);
    t.copy('black');
    t.move('black', 19, 23);
    t.copy('white');
    t.move('white', 28, 19, [23]);
    t.copy('black');
    t.move('black', 14, 23, [19]);
    expect(t.moves()).toEqual(['32-28', '19-23', '28x19', '14x23']);
    expect(t.times).toEqual([...t.times].sort((a, b) => a - b));
    // Black's events are on White's clock: 200 ms apart from White's, not 500 s behind.
    const i = t.forwarded.indexOf('lift 19');
    expect(t.times[i] - t.times[i - 1]).toBeGreaterThan(0);
    expect(t.times[i] - t.times[i - 1]).toBeLessThan(2000);
  });

  it('copy steps are said in every language of the board, the square named as the variant names it', () => {
    const t = table();
    t.connect();
    t.move('white', 32, 28);
    const step = copyStep(t.pair(), 'black')!;
    for (const lang of LANGUAGES) {
      const clear = copyWords(lang, 'black', step).text;
      expect(clear, lang).toMatch(/\b32\b/);
      expect(copyWords(lang, 'black', null).text, lang).not.toBe(clear);
    }
    const ru = table(undefined, variants.russian);
    ru.connect();
    ru.move('white', 22, 18); // c3-d4
    expect(copyWords('en', 'black', copyStep(ru.pair(), 'black')).text).toBe("Black's board: take the piece off c 3.");
    expect(copyWords('ru', 'black', copyStep(ru.pair(), 'black')).text).toBe('Доска чёрных: снимите шашку с поля цэ 3.');
  });
});
