// What the page and the command line show of a game, built from its state: a pure function of
// the state, the board time and what only the shell knows (the link's health, whether the board
// is simulated).

import { KING, WHITE, currentPosition, opposite, squareName } from '../../rules/index.ts';
import type { Position, Variant } from '../../rules/index.ts';
import { faceTime, isPerMove, timeControlTag, timeTags } from './clock/clock.ts';
import { computerView } from './computer.ts';
import { difference as boardDifference } from './referee/referee.ts';
import type { RefereeState } from './referee/referee.ts';
import { describe } from './referee/describe.ts';
import { foresee } from './referee/foresee.ts';
import { addNote, scoresheetPdn, times } from './referee/record.ts';
import { gameEnding } from './ending.ts';
import type { Scoresheet } from './referee/record.ts';
import { MARK_PATTERN, obligationSquare } from './leds/guidance.ts';
import type { Fill } from './referee/types.ts';
import type { LinkHealth } from '../link/types.ts';
import type { GameState } from './game.ts';
import { currentMarks } from './step.ts';
import { guideView } from './guided.ts';
import { capturesOf, irregularityView } from './viewIrregularity.ts';
import type { ForesightView, MoveView, PlayView, SquareView } from './types.ts';
import { say } from '../words/catalogue.ts';
import type { Language } from '../words/catalogue.ts';
import { sayWords } from '../words/said.ts';

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
  const marks = currentMarks(s);
  const squares: SquareView[] = [];
  for (let i = 0; i < g.squares; i++) {
    const p = pos.board[i];
    const mark = marks[i] ?? null;
    squares.push({
      name: squareName(v, i),
      row: g.row[i],
      col: g.col[i],
      piece: p === 0 ? null : `${p & WHITE ? 'w' : 'b'}${p & KING ? 'k' : 'm'}` as SquareView['piece'],
      sensed: referee ? referee.sensed[i] !== 0 : s.setup ? s.setup.has(i) : p !== 0,
      led: mark === null ? 'off' : MARK_PATTERN[mark],
      mark,
    });
  }
  const moves = moveViews(s.sheet);
  const last = moves.at(-1);
  const viewT = Math.max(s.clockT, now + s.offset);
  const clock = s.clock;
  const header = headerOf(s.sheet);
  return {
    variant: v.name,
    size: g.size,
    squares,
    header,
    startBoard: boardText(start),
    moves,
    turn: pos.turn,
    players,
    clock: clock
      ? {
          white: faceTime(clock, 'white', viewT),
          black: faceTime(clock, 'black', viewT),
          running: clock.state === 'running' ? clock.toMove : null,
          control: timeControlTag(clock.tc),
          ...(isPerMove(clock.tc) ? { called: clock.called } : {}),
        }
      : null,
    irregularity: irregularityView(s),
    foresight: referee && !s.result ? foresightView(referee) : [],
    obligation: referee ? obligationView(referee) : null,
    compulsory: referee && !s.result ? compulsoryView(referee) : null,
    lastMove: last ? { squares: last.squares, captured: last.captured } : null,
    guidance: guidanceView(s, pos),
    result: s.result,
    drawOffer: s.drawOffer,
    pdn: gamePdn(s),
    simulated: context.simulated,
    recording: s.config.policy.recording,
    guide: s.guide && guideView(s.guide, v),
    link: { state: s.link.state, health: context.health, firmware: s.link.firmware },
    log: [...s.log],
    pdnName: pdnName(header.date, players, s.config.lang),
    ...(s.computer ? { engine: computerView(s.computer, referee, s.config.policy.name !== 'tournament') } : {}),
  };
}

/**
 * The game's scoresheet in PDN, its time tags as of the journal's last entry (what a resume
 * brings back, to the ms). Irregularities, decisions and corrections are comments at their
 * moves (referee/record.ts); a game over has the Termination tag and a last comment saying how
 * it ended (ending.ts).
 *
 * The time tags say what they hold. PDN 3.0 (wiegerw/pdn, doc/pdntags.rst, "Clock related
 * tags") defines WhiteTime and BlackTime as the "time used by the player at the end of the game"
 * and nothing for a game still in play; lidraughts' export (modules/game/src/main/PdnDump.scala)
 * writes no such tags, only the time left after each move in `[%clock ...]` comments, which this
 * scoresheet writes too. So WhiteTime and BlackTime are written, as PDN 3.0 defines them, once
 * the game is over; while it is played the time used so far is in WhiteTimeUsed and
 * BlackTimeUsed (`H:MM:SS`, as of the journal's last entry), names that say what they hold.
 */
export function gamePdn(s: GameState): string {
  const { sheet, clock } = s;
  const result = s.result?.result ?? sheet.result;
  const timed = clock ? timeTags(clock, Math.max(s.journalT, clock.since ?? s.journalT)).map((t) => (result === '*' && t.name !== 'TimeControl' ? { ...t, name: `${t.name}Used` } : t)) : [];
  // How it ended (ending.ts): the Termination tag, and the last comment in the sheet's words.
  const ending = gameEnding(s.result, sheet.lang ?? 'en');
  const tags = [...sheet.tags.filter((t) => t.name !== 'Termination'), ...timed, ...(ending ? [{ name: 'Termination', value: ending.termination }] : [])];
  return scoresheetPdn({ ...(ending ? addNote(sheet, ending.comment) : sheet), tags, result });
}

/** A board in the view's one-character-a-square form: `w` `W` `b` `B` `.`. */
export function boardText(pos: Position): string {
  let out = '';
  for (const p of pos.board) out += p === 0 ? '.' : p & WHITE ? (p & KING ? 'W' : 'w') : p & KING ? 'B' : 'b';
  return out;
}

/** The moves that stand, with the notes between them after the move before (those before the first move on the first). */
function moveViews(sheet: Scoresheet): MoveView[] {
  const v = sheet.variant;
  const names = (squares: readonly number[]): string[] => squares.map((sq) => squareName(v, sq));
  const out: { -readonly [K in keyof MoveView]: MoveView[K] }[] = [];
  let before: string[] = [];
  for (const item of sheet.items) {
    if (item.kind === 'note') {
      const text = times(item.comment, item.times ?? 1, sheet.lang);
      if (out.length > 0) out[out.length - 1].after = [...out[out.length - 1].after, text];
      else before.push(text);
      continue;
    }
    out.push({
      ply: out.length + 1,
      side: item.side,
      text: item.text,
      board: boardText(item.after),
      squares: names(item.squares),
      captured: names(item.captured),
      irregular: item.irregular,
      // The clock's commands are for programs; people read the words.
      notes: [...before, ...item.comments.filter((c) => !c.startsWith('[%'))],
      after: [],
    });
    before = [];
  }
  return out;
}

/** The roster's values as people read them: '' where PDN says unknown (`?`, `????.??.??`) or none (`-`). */
function headerOf(sheet: Scoresheet): PlayView['header'] {
  const tag = (name: string): string => {
    const value = sheet.tags.find((t) => t.name === name)?.value.trim() ?? '';
    return /^[?.-]*$/.test(value) ? '' : value;
  };
  return { event: tag('Event'), site: tag('Site'), date: tag('Date'), round: tag('Round') };
}

/**
 * The download's file name: the date and the players (`2026.11.24 Wit - Zwart.pdn`), a player
 * not named by the side's name in `lang`, in letters of any script, digits, spaces and
 * `.,-_()'`: nothing a file system or a header reads otherwise.
 */
export function pdnName(date: string, players: { readonly white: string; readonly black: string }, lang: Language = 'en'): string {
  const who = (name: string, side: 'white' | 'black'): string => (/^[?\s]*$/.test(name) ? say(lang, 'file.side', { side }) : name);
  const text = `${date.replace(/\?/g, '')} ${who(players.white, 'white')} - ${who(players.black, 'black')}`;
  const safe = text.normalize('NFC').replace(/[^\p{L}\p{M}\p{N} .,_()'-]+/gu, ' ').replace(/\s+/g, ' ').replace(/^[\s.-]+/, '').trim().slice(0, 120).trim();
  return `${safe || say(lang, 'file.game')}.pdn`;
}

/** The touch-move obligation in force (FMJD 3.11; carried over by a correction, 5.8). */
function obligationView(s: RefereeState): PlayView['obligation'] {
  const sq = obligationSquare(s);
  if (sq === null) return null;
  const pos = currentPosition(s.game);
  const v = pos.variant;
  const article = v.articles.touchMove;
  const said = { id: 'view.touched', values: { side: pos.turn, square: squareName(v, sq), article } } as const;
  return { side: pos.turn, square: squareName(v, sq), article, message: `${sayWords(s.lang, said)}.`, said };
}

/** What the referee will judge once play goes on, told now (referee/foresee.ts). */
export function foresightView(s: RefereeState): ForesightView[] {
  const v = currentPosition(s.game).variant;
  return foresee(s).map((f) =>
    f.kind === 'mismatch'
      ? { code: f.code, article: null, message: f.message, decides: null, squares: [...f.clear, ...f.fill.map((x) => x.square)].map((sq) => squareName(v, sq)), said: f.said }
      : { code: f.code, article: f.article, message: f.message, decides: f.decision === 'decide' ? opposite(f.side) : null, squares: f.squares.map((sq) => squareName(v, sq)), said: f.said },
  );
}

/** The captures the side to move must choose from (FMJD 4.2; 4.13 the choice among them), in play only. */
function compulsoryView(s: RefereeState): PlayView['compulsory'] {
  if (s.mode.kind !== 'play') return null;
  const pos = currentPosition(s.game);
  return capturesOf(pos, s.legal, s.lang);
}

/** The board does not show the game: what to clear and fill, named, and one sentence saying it. */
function guidanceView(s: GameState, pos: Position): PlayView['guidance'] {
  const v = s.config.start.variant;
  if (s.setup) {
    const setup = s.setup;
    const clear: number[] = [];
    const fill: Fill[] = [];
    s.config.start.board.forEach((p, sq) => {
      if (p !== 0 && !setup.has(sq)) fill.push({ square: sq, piece: p });
      if (p === 0 && setup.has(sq)) clear.push(sq);
    });
    return named(v, 'setup', clear, fill, s.config.lang);
  }
  const referee = s.referee;
  const mode = referee?.mode;
  if (!referee || !mode || (mode.kind !== 'mismatch' && mode.kind !== 'correcting')) return null;
  const plan = boardDifference(referee.sensed, mode.kind === 'correcting' ? mode.target : pos);
  return named(v, mode.kind === 'mismatch' ? 'mismatch' : 'correction', plan.clear, plan.fill, s.config.lang);
}

function named(v: Variant, kind: 'setup' | 'mismatch' | 'correction', clear: readonly number[], fill: readonly Fill[], lang: Language = 'en'): PlayView['guidance'] {
  const said = describe.stepsWords(v, kind, clear, fill);
  return { kind, clear: clear.map((sq) => squareName(v, sq)), fill: fill.map((f) => squareName(v, f.square)), message: sayWords(lang, said), said };
}
