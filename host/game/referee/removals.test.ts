// Pieces taken off the board with no piece put down: who can have done it, and which article.
// Reed switches see a piece leave a square, never the hand that took it (brief). After a capture
// the rulebooks name the capturer: pieces not jumped taken off (FMJD 5.4.12: "Skidanje s ploče,
// nakon uzimanja, figura koje nisu bile preskočene"; Czech cl. 5.4.12; Laws 21) and own pieces
// taken off (FMJD 5.4.14: "Skidanje s ploče, nakon uzimanja, jedne ili više vlastitih figura";
// Czech cl. 5.4.14 "odstraňovani vlastnich figur v průbehu brani"; Laws 12 "When capturing, if a
// player removes one of his own pieces"). Any other piece taken off is FMJD 5.4.7 ("Bezrazložno
// skidanje neke figure s ploče, bilo vlastite, bilo protivničke"; Czech cl. 5.4.7; Laws 21): own
// or the opponent's, by either player, so the sentence names the piece's square and no player.
//
// Each position and script is written by hand from the rules; squares in each variant's notation.
import { describe, expect, it } from 'vitest';
import { parseFen, variants } from '../../../rules/index.ts';
import type { Color, Variant } from '../../../rules/index.ts';
import { eventsOf, parseActionScript } from '../../script/actions.ts';
import { outputJson } from './json.ts';
import { tournament } from './policy.ts';
import { runEvents } from './run.ts';

/** A side's moves in a position written for it: a quiet move, or a capture, with another own piece and an opponent's piece that plays no part. */
interface Scene {
  readonly quietFen: string;
  readonly quiet: readonly [string, string];
  readonly captureFen: string;
  /** From, to, the piece jumped. */
  readonly capture: readonly [string, string, string];
  /** Another piece of the side to move. */
  readonly own: string;
  /** A piece of the opponent's, not jumped. */
  readonly theirs: string;
}

interface Book {
  readonly variant: Variant;
  /** How the rulebook is named in a test's name. */
  readonly rules: string;
  readonly without: string;
  readonly notJumped: string;
  readonly own: string;
  readonly sides: Readonly<Record<Color, Scene>>;
}

// 8x8 boards in algebraic notation (Czech rules cl. 2.6; Brazilian and Russian as dctl writes
// them): White's men move up the board, Black's down.
const algebraic: Book['sides'] = {
  white: { quietFen: 'W:W22,30:B3,11', quiet: ['c3', 'd4'], captureFen: 'W:W22,30:B3,18', capture: ['c3', 'e5', 'd4'], own: 'c1', theirs: 'f8' },
  black: { quietFen: 'B:W22,30:B3,11', quiet: ['f6', 'e5'], captureFen: 'B:W15,30:B3,11', capture: ['f6', 'd4', 'e5'], own: 'f8', theirs: 'c1' },
};
const fmjd = { without: '5.4.7', notJumped: '5.4.12', own: '5.4.14' };

const books: readonly Book[] = [
  {
    variant: variants.international,
    rules: 'FMJD',
    ...fmjd,
    sides: {
      white: { quietFen: 'W:W32,47:B3,19', quiet: ['32', '28'], captureFen: 'W:W33,47:B3,28', capture: ['33', '22', '28'], own: '47', theirs: '3' },
      black: { quietFen: 'B:W32,47:B3,19', quiet: ['19', '23'], captureFen: 'B:W23,47:B3,19', capture: ['19', '28', '23'], own: '3', theirs: '47' },
    },
  },
  { variant: variants.czech, rules: 'Czech rules cl.', ...fmjd, sides: algebraic },
  { variant: variants.brazilian, rules: 'FMJD (Brazilian)', ...fmjd, sides: algebraic },
  { variant: variants.russian, rules: 'FMJD (Russian)', ...fmjd, sides: algebraic },
  {
    variant: variants.english,
    rules: 'Laws',
    without: '21',
    notJumped: '21',
    own: '12',
    sides: {
      black: { quietFen: 'B:W22,30:B3,11', quiet: ['11', '15'], captureFen: 'B:W19,30:B3,15', capture: ['15', '24', '19'], own: '3', theirs: '30' },
      white: { quietFen: 'W:W22,30:B3,11', quiet: ['22', '18'], captureFen: 'W:W22,30:B3,18', capture: ['22', '15', '18'], own: '30', theirs: '3' },
    },
  },
];

/** The first irregularity the referee says for `script` from `fen`, as `replay --json` prints it, and the side it charges. */
function flagged(v: Variant, fen: string, script: string) {
  const parsed = parseActionScript(script, v);
  if (!parsed.ok) throw new Error(parsed.reason);
  const start = parseFen(v, fen);
  if (!start.ok) throw new Error(start.error.reason);
  const outputs = runEvents(start.position, tournament, eventsOf(parsed.actions).map((e) => e.event)).outputs.map((o) => o.output);
  const first = outputs.find((o) => o.type === 'irregularity');
  if (!first || first.type !== 'irregularity') throw new Error(`no irregularity: ${JSON.stringify(outputs.map((o) => outputJson(v, o)))}`);
  return { json: outputJson(v, first), side: first.side };
}

const name = (c: Color): string => (c === 'white' ? 'White' : 'Black');
const square = (v: Variant, s: string): number | string => (v.notation === 'numeric' ? Number(s) : s);

describe.each(books)('pieces taken off: $variant.name', (b) => {
  const v = b.variant;
  describe.each(['white', 'black'] as const)('%s to move', (side) => {
    const sc = b.sides[side];
    /** A removal no rule puts on either player: its square named, no player. */
    const unattributed = (json: Record<string, unknown>, sq: string) => {
      expect(json).toMatchObject({ code: 'removed-without-reason', article: b.without, squares: [square(v, sq)] });
      expect(json.message).not.toMatch(/White|Black/);
      expect(json.message).toContain(sq);
    };

    it(`${b.rules} ${b.without}: the mover takes an own piece off after a quiet move, before the clock: no player named`, () => {
      const { json } = flagged(v, sc.quietFen, `lift ${sc.quiet[0]}\nplace ${sc.quiet[1]}\nlift ${sc.own}\npress clock\n`);
      unattributed(json, sc.own);
    });

    it(`${b.rules} ${b.own}: the mover takes an own piece off after a capture, before the clock: the capturer's`, () => {
      const [from, to, jumped] = sc.capture;
      const { json, side: by } = flagged(v, sc.captureFen, `lift ${from}\nplace ${to}\nlift ${jumped}\nlift ${sc.own}\npress clock\n`);
      expect(json).toMatchObject({ code: 'removed-own', article: b.own, squares: [square(v, sc.own)] });
      expect(by).toBe(side);
      expect(json.message).toMatch(new RegExp(`^${name(side)} `));
    });

    it(`${b.rules} ${b.without}: the mover takes an opponent's piece off after a quiet move: no player named`, () => {
      const { json } = flagged(v, sc.quietFen, `lift ${sc.quiet[0]}\nplace ${sc.quiet[1]}\nlift ${sc.theirs}\npress clock\n`);
      unattributed(json, sc.theirs);
    });

    it(`${b.rules} ${b.without}: an opponent's piece taken off during a quiet move is no removal after a capture (not ${b.notJumped})`, () => {
      const { json } = flagged(v, sc.quietFen, `lift ${sc.theirs}\nlift ${sc.quiet[0]}\nplace ${sc.quiet[1]}\npress clock\n`);
      unattributed(json, sc.theirs);
    });

    it(`${b.rules} ${b.without}: an own piece taken off during a quiet move is no removal during a capture (not ${b.own})`, () => {
      const { json } = flagged(v, sc.quietFen, `lift ${sc.own}\nlift ${sc.quiet[0]}\nplace ${sc.quiet[1]}\npress clock\n`);
      unattributed(json, sc.own);
    });

    it(`${b.rules} ${b.notJumped}: the mover takes an opponent's piece not jumped off after a capture: the capturer's`, () => {
      const [from, to, jumped] = sc.capture;
      const { json, side: by } = flagged(v, sc.captureFen, `lift ${from}\nplace ${to}\nlift ${jumped}\nlift ${sc.theirs}\npress clock\n`);
      expect(json).toMatchObject({ code: 'removed-not-jumped', article: b.notJumped, squares: [square(v, sc.theirs)] });
      expect(by).toBe(side);
      expect(json.message).toMatch(new RegExp(`^${name(side)} `));
    });

    it(`${b.rules} ${b.without}: after a capture and the clock pressed on it, a piece taken off is no removal after the capture (not ${b.notJumped})`, () => {
      const [from, to, jumped] = sc.capture;
      const { json } = flagged(v, sc.captureFen, `lift ${from}\nplace ${to}\nlift ${jumped}\npress clock\nlift ${sc.theirs}\npress clock\n`);
      unattributed(json, sc.theirs);
    });

    it(`${b.rules} ${b.without}: a piece of the opponent's taken off while the mover's turn is on, the mover's piece in the hand: no player named`, () => {
      const { json } = flagged(v, sc.quietFen, `lift ${sc.quiet[0]}\nlift ${sc.theirs}\nplace ${sc.quiet[1]}\npress clock\n`);
      unattributed(json, sc.theirs);
    });

    it(`${b.rules} ${b.without}: a piece taken off before anyone moves, the board unable to say by whom: the piece and its square, no player`, () => {
      unattributed(flagged(v, sc.quietFen, `lift ${sc.theirs}\npress clock\n`).json, sc.theirs);
      unattributed(flagged(v, sc.quietFen, `lift ${sc.own}\npress clock\n`).json, sc.own);
    });
  });
});
