// Measures `checkSheet` on real games with one slip each: how often the broken ply and the true
// move are among the first three candidates, per slip kind and variant.

import type { Move, Position, Variant, VariantName } from '../../rules/index.ts';
import { formatFullPath, mulberry32, parseMoveText, play, readPdnGames, sameMove, squareName, variants } from '../../rules/index.ts';
import type { Repair } from '../../rules/slips/check.ts';
import { checkSheet } from '../../rules/slips/check.ts';
import { movesNamed, readWritten } from '../../rules/slips/read.ts';
import { MORE_FILES, ORACLE_FILES, oracleTexts } from '../oracles.ts';
import type { Corrupted, SlipKind } from './corrupt.ts';
import { MOVE_SLIPS, corrupt } from './corrupt.ts';

/** A kind of slip to measure: one of the slip kinds, or any slip of one move that happens to be another legal move (the sheet breaks later). */
export type Measured = SlipKind | 'legal-slip';

/** A real game as its file writes it: the start, the moves as written and the moves they name. */
export interface Sheet {
  readonly start: Position;
  readonly written: readonly string[];
  readonly moves: readonly Move[];
}

/** The oracle games of a variant whose written moves read as the game, one written move per ply. */
export function oracleSheets(name: VariantName): Sheet[] {
  const v = variants[name];
  const out: Sheet[] = [];
  for (const { file, variant } of [...ORACLE_FILES, ...MORE_FILES]) {
    if (variant !== name) continue;
    for (const text of oracleTexts(file))
      for (const item of readPdnGames(text, { variant: v })) {
        if (item.kind !== 'game' || item.game.error) continue;
        const plies = item.game.line.filter((p) => p.kind === 'ply');
        if (plies.length < 4 || plies.length !== item.game.line.length) continue;
        // A capture written as several moves (e1xc3 c3xe5) is one written move here, with its landing squares.
        const written = plies.map((p) => (movesNamed(p.before, p.text).some((m) => sameMove(m, p.move)) ? p.text : formatFullPath(p.before, p.move)));
        const read = readWritten(item.game.start, written);
        if (read.stop !== written.length || read.plies.length !== plies.length) continue;
        out.push({ start: item.game.start, written, moves: plies.map((p) => p.move) });
      }
  }
  return out;
}

/** What became of one slip. */
export type Outcome = 'undetectable' | 'read-true' | 'found' | 'missed';

export interface Tally {
  cases: number;
  /** The sheet with the slip still reads to its end as a legal game: no checker can see it. */
  undetectable: number;
  /** Slips read as the true game anyway (a forced capture left out). */
  readTrue: number;
  /** Of the detectable: the broken ply, and the true move, among the first three candidates. */
  plyTop3: number;
  moveTop3: number;
  detectable: number;
  /** Of the detectable: slips that were legal moves, the sheet breaking later; and those of them whose true move was in the first three. */
  legal: number;
  legalTop3: number;
  ms: number;
}

/** Whether the slip is a legal move other than the one played (the rules core's reading of the move as written, in the real game's position). */
function isOtherLegalMove(sheet: Sheet, c: Corrupted): boolean {
  let pos = sheet.start;
  for (let k = 0; k < c.at; k++) pos = play(pos, sheet.moves[k]);
  const read = parseMoveText(pos, c.written[c.at]);
  return read.ok && !sameMove(read.move, sheet.moves[c.at]);
}

/** Whether a repair turns the slipped sheet back into the true one. */
function restores(r: Repair, sheet: Sheet, at: number, kind: SlipKind): boolean {
  if (kind === 'left-out') return r.kind === 'insert' && r.written === at && sameMove(r.move, sheet.moves[at]);
  if (kind === 'written-twice') return r.kind === 'delete' && (r.written === at || r.written === at - 1);
  return r.kind === 'replace' && r.written === at && sameMove(r.move, sheet.moves[at]);
}

/** `cases` slips of `kind` in the sheets, at random plies (seeded), each checked and tallied. */
export function measure(sheets: readonly Sheet[], v: Variant, measured: Measured, cases: number, seed: number): Tally {
  const rand = mulberry32(seed);
  const t: Tally = { cases: 0, undetectable: 0, readTrue: 0, plyTop3: 0, moveTop3: 0, detectable: 0, legal: 0, legalTop3: 0, ms: 0 };
  const board = { size: v.geometry.size, algebraic: v.notation === 'algebraic' };
  for (let tries = 0; t.cases < cases && tries < cases * 500; tries++) {
    const sheet = sheets[Math.floor(rand() * sheets.length)];
    const at = Math.floor(rand() * sheet.written.length);
    const m = sheet.moves[at];
    const route = m.captured.length >= 2 ? [m.from, ...m.path].map((s) => squareName(v, s)) : undefined;
    const kind = measured === 'legal-slip' ? MOVE_SLIPS[Math.floor(rand() * MOVE_SLIPS.length)] : measured;
    const c = corrupt(board, sheet.written, at, kind, Math.floor(rand() * 1024), route);
    if (!c || (measured === 'legal-slip' && !isOtherLegalMove(sheet, c))) continue;
    t.cases++;
    const t0 = performance.now();
    const check = checkSheet(sheet.start, c.written);
    t.ms += performance.now() - t0;
    if (!check.slip) {
      const same = check.plies.length === sheet.moves.length && check.plies.every((p, k) => sameMove(p.move, sheet.moves[k]));
      if (same) t.readTrue++;
      else t.undetectable++;
      continue;
    }
    t.detectable++;
    const top = check.slip.candidates.slice(0, 3);
    const brokenAt = kind === 'written-twice' ? [c.at, c.at - 1] : [c.at];
    if (top.some((r) => brokenAt.includes(r.written))) t.plyTop3++;
    const restored = top.some((r) => restores(r, sheet, c.at, kind));
    if (restored) t.moveTop3++;
    if (check.slip.written > c.at) {
      t.legal++;
      if (restored) t.legalTop3++;
    }
  }
  return t;
}
