/**
 * An independent model of human hands on dambord's sensor board, written from the rulebooks
 * (FMJD 3.10-3.14, 4.4-4.16; Czech cl. 3.10-3.14, 4.4-4.12; Standard Laws 8, 9, 11-13, 18, 19)
 * and from how people move pieces. It shares nothing with the referee or the product's script
 * renderer: it knows the real game's moves (from rules/) and turns each into the action lines
 * hands produce (`lift SQ`, `place SQ`, `press BUTTON`, `wait MS`), telling which behaviours
 * were shown and what the rules let a referee flag.
 *
 * Per ply, a {@link PlyChoice} (plain integers, see choice.ts) picks behaviours, timings and
 * orders; fast-check shrinks it field by field towards the plainest hands.
 *
 * @example
 *   const game = randomHandGame(pdn.start, moves, 42);
 *   writeFileSync('game.actions', game.script);
 *   game.plies[3].flaggable; // [{ code: 'jumps-not-shown', article: '4.9' }] for a sweep in international
 */

import fc from 'fast-check';
import { play, type Move, type Position } from '../../rules/index.ts';
import { PLAIN_CHOICE, plyChoiceArbitrary, sampleChoice, splitmix32, uniformInt, type PlyChoice } from './choice.ts';
import { renderPly, type ClockMode, type Resolution } from './ply.ts';
import { BEHAVIOUR_LIST, type Behaviour, type Flag, type IrregularityCode } from './rulebook.ts';

export { BEHAVIOURS, BEHAVIOUR_LIST, familyOf, flagOf } from './rulebook.ts';
export type { Behaviour, Family, Flag, IrregularityCode, RuleEntry } from './rulebook.ts';
export { CHOICE_FIELDS, PLAIN_CHOICE, plyChoiceArbitrary, sampleChoice, splitmix32 } from './choice.ts';
export type { PlyChoice } from './choice.ts';
export { renderPly } from './ply.ts';
export type { ClockMode, PlyContext, RenderedPly, Resolution } from './ply.ts';

/** What the hands did for one ply, and what the rules say about it. */
export interface HandPly {
  /** 1-based ply of the game. */
  readonly ply: number;
  /** Action-script lines (the first is a `# ply N` comment). */
  readonly lines: readonly string[];
  /** The behaviours shown in this ply. */
  readonly behaviours: readonly Behaviour[];
  /** Irregularities the rules let a referee flag for how this ply was made (empty: all as the rules allow). */
  readonly flaggable: readonly { readonly code: IrregularityCode; readonly article: string }[];
  /**
   * How the flagged irregularity is resolved: `play-on` nothing is pressed and the opponent's
   * next move is played (FMJD 5.7); `accept` `press accept` follows; `correct` `press correct`,
   * the position before the ply is put back and the move is made again as the rules allow;
   * `finish` the mover removes the rest of the captured pieces after the clock (FMJD 4.12).
   * Null when nothing is flaggable or only `touch-out-of-turn` (which is only noted).
   */
  readonly resolution: Resolution | null;
}

/** A whole game played by hands: the script, its plies and how many plies showed each behaviour. */
export interface HandGame {
  readonly script: string;
  readonly plies: readonly HandPly[];
  readonly counts: Readonly<Record<Behaviour, number>>;
}

/** Options of a hand game. */
export interface HandOptions {
  /**
   * Clock use: `always` (tournament), `never` (casual; the last ply still ends with the clock
   * when it is a king move that could slide on), `mixed` (per ply, from the choice). Default in
   * {@link handGame}: `mixed`; {@link handGameArbitrary} and {@link randomHandGame} pick one of
   * the three uniformly when it is not given.
   */
  readonly clock?: ClockMode;
  /** Hands may do what the rules let a referee flag (default true). */
  readonly irregular?: boolean;
  /**
   * The opponent has asked for multiple captures to be shown jump by jump (FMJD 4.9, Czech cl.
   * 4.9): a sweep or a partly shown capture is then flaggable (default false: it is not).
   */
  readonly showJumps?: boolean;
  /** Comment lines put at the top of the script (without `# `). */
  readonly header?: readonly string[];
}

const CLOCK_MODES: readonly ClockMode[] = ['always', 'never', 'mixed'];

/**
 * The hands for a game: one choice per move (missing choices are {@link PLAIN_CHOICE}, extra
 * ones are ignored). `moves` must be the legal moves of the game from `start`, in order.
 *
 * @example handGame(start, moves, moves.map(() => PLAIN_CHOICE), { clock: 'always' }).script
 *   // "# dambord hands: ...\n# variant: international, clock: always\n\n# ply 1\nlift 32\nplace 28\npress clock\n# ply 2\n..."
 */
export function handGame(start: Position, moves: readonly Move[], choices: readonly PlyChoice[], options: HandOptions = {}): HandGame {
  const clockMode = options.clock ?? 'mixed';
  const irregular = options.irregular ?? true;
  const plies: HandPly[] = [];
  const counts = Object.fromEntries(BEHAVIOUR_LIST.map((b) => [b, 0])) as Record<Behaviour, number>;
  let pos = start;
  let settled = true;
  moves.forEach((move, i) => {
    const r = renderPly(pos, move, choices[i] ?? PLAIN_CHOICE, {
      ply: i + 1,
      last: i === moves.length - 1,
      clockMode,
      irregular,
      settled,
      showJumps: options.showJumps ?? false,
      crowned: i > 0 && moves[i - 1].promotes ? moves[i - 1].to : undefined,
    });
    const flaggable: Flag[] = r.flaggable;
    plies.push({ ply: i + 1, lines: r.lines, behaviours: r.behaviours, flaggable, resolution: r.resolution });
    for (const b of r.behaviours) counts[b]++;
    settled = r.settled;
    pos = play(pos, move);
  });
  const header = [
    '# dambord hands: an action script from the hand model (test/hands)',
    `# variant: ${start.variant.name}, clock: ${clockMode}${irregular ? '' : ', regular hands only'}`,
    ...(options.header ?? []).map((h) => `# ${h}`),
    '',
  ];
  const script = [...header, ...plies.flatMap((p) => p.lines)].join('\n') + '\n';
  return { script, plies, counts };
}

/**
 * A fast-check arbitrary of hand games for a fixed game: a clock mode (unless given) and one
 * {@link plyChoiceArbitrary} per move. Shrinks towards the plainest hands.
 *
 * @example fc.assert(fc.property(handGameArbitrary(start, moves), (g) => replays(g.script)))
 */
export function handGameArbitrary(start: Position, moves: readonly Move[], options: HandOptions = {}): fc.Arbitrary<HandGame> {
  const clock: fc.Arbitrary<ClockMode> = options.clock
    ? fc.constant(options.clock)
    : fc.noBias(fc.integer({ min: 0, max: CLOCK_MODES.length - 1 })).map((i) => CLOCK_MODES[i]);
  const choices = fc.array(plyChoiceArbitrary(), { minLength: moves.length, maxLength: moves.length });
  return fc.tuple(clock, choices).map(([mode, cs]) => handGame(start, moves, cs, { ...options, clock: mode }));
}

/**
 * A seeded hand game, with the distribution of {@link handGameArbitrary}, for long soaks: the
 * same seed gives the same script.
 *
 * @example randomHandGame(start, moves, 7).script === randomHandGame(start, moves, 7).script // true
 */
export function randomHandGame(start: Position, moves: readonly Move[], seed: number, options: HandOptions = {}): HandGame {
  const rnd = splitmix32(seed);
  const clock = options.clock ?? CLOCK_MODES[uniformInt(rnd, CLOCK_MODES.length)];
  const choices = moves.map(() => sampleChoice(rnd));
  return handGame(start, moves, choices, { ...options, clock, header: [`seed: ${seed}`, ...(options.header ?? [])] });
}
