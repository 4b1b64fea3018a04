// What the page and the command line show of a game, built from its state: a pure function of
// the state, the board time and what only the shell knows (the link's health, whether the board
// is simulated).

import { KING, WHITE, currentPosition, squareName } from '../../rules/index.ts';
import type { Position } from '../../rules/index.ts';
import { remaining, timeControlTag, timeTags } from './clock/clock.ts';
import { difference as boardDifference } from './referee/referee.ts';
import type { RefereeState } from './referee/referee.ts';
import { scoresheetPdn } from './referee/record.ts';
import type { LinkHealth } from '../link/types.ts';
import type { GameState } from './game.ts';
import { currentFrame } from './step.ts';
import type { PlayView, SquareView } from './types.ts';

/** What the view needs that is not the game's: the link's health, and whether the board is the simulator. */
export interface ViewContext {
  readonly health: LinkHealth | null;
  readonly simulated: boolean;
}

/** The view of `s` at board time `now` (ms, the board's own clock: the clocks run on to it). */
export function gameView(s: GameState, now: number, context: ViewContext): PlayView {
  const { start, players } = s.config;
  const v = start.variant;
  const g = v.geometry;
  const referee = s.referee;
  const pos = referee ? currentPosition(referee.game) : start;
  const frame = currentFrame(s);
  const squares: SquareView[] = [];
  for (let i = 0; i < g.squares; i++) {
    const p = pos.board[i];
    squares.push({
      name: squareName(v, i),
      row: g.row[i],
      col: g.col[i],
      piece: p === 0 ? null : `${p & WHITE ? 'w' : 'b'}${p & KING ? 'k' : 'm'}` as SquareView['piece'],
      sensed: referee ? referee.sensed[i] !== 0 : s.setup ? s.setup.has(i) : p !== 0,
      led: frame[i] ?? 'off',
    });
  }
  const moves = s.sheet.items.flatMap((item) => (item.kind === 'move' ? [{ side: item.side, text: item.text }] : []));
  const mode = referee?.mode;
  const viewT = Math.max(s.clockT, now + s.offset);
  const plan = referee && mode && (mode.kind === 'mismatch' || mode.kind === 'correcting') ? difference(referee, mode.kind === 'correcting' ? mode.target : pos) : null;
  const clock = s.clock;
  return {
    variant: v.name,
    size: g.size,
    squares,
    moves: moves.map((m, i) => ({ ply: i + 1, ...m })),
    turn: pos.turn,
    players,
    clock: clock
      ? { white: remaining(clock, 'white', viewT), black: remaining(clock, 'black', viewT), running: clock.state === 'running' ? clock.toMove : null, control: timeControlTag(clock.tc) }
      : null,
    irregularity: s.irregularity,
    guidance: s.setup ? setupGuidance(start, s.setup) : plan ? { kind: mode?.kind === 'mismatch' ? 'mismatch' : 'correction', ...plan, message: `clear ${plan.clear.join(', ') || 'nothing'}; fill ${plan.fill.join(', ') || 'nothing'}` } : null,
    result: s.result,
    drawOffer: s.drawOffer,
    pdn: gamePdn(s),
    simulated: context.simulated,
    link: { state: s.link.state, health: context.health, firmware: s.link.firmware },
    log: [...s.log],
  };
}

/** The game's scoresheet in PDN, its time tags as of the journal's last entry (what a resume brings back, to the ms). */
export function gamePdn(s: GameState): string {
  const { sheet, clock } = s;
  return scoresheetPdn({ ...sheet, tags: clock ? [...sheet.tags, ...timeTags(clock, Math.max(s.journalT, clock.since ?? s.journalT))] : sheet.tags, result: s.result?.result ?? sheet.result });
}

/** Setting up the start position: the squares to fill and to clear, named. */
function setupGuidance(start: Position, setup: ReadonlySet<number>): PlayView['guidance'] {
  const v = start.variant;
  const clear: string[] = [];
  const fill: string[] = [];
  start.board.forEach((p, sq) => {
    if (p !== 0 && !setup.has(sq)) fill.push(squareName(v, sq));
    if (p === 0 && setup.has(sq)) clear.push(squareName(v, sq));
  });
  return { kind: 'setup', clear, fill, message: `set up the position: put pieces on ${fill.join(', ') || 'nothing'}; take off ${clear.join(', ') || 'nothing'}` };
}

/** The referee's plan from the sensed board to `target`, squares named. */
function difference(s: RefereeState, target: Position): { clear: string[]; fill: string[] } {
  const v = target.variant;
  const plan = boardDifference(s.sensed, target);
  return { clear: plan.clear.map((sq) => squareName(v, sq)), fill: plan.fill.map((f) => squareName(v, f.square)) };
}
