// `dambord pdn check --suggest` and `--json`: for each game that cannot be replayed as written,
// where it breaks and what the writer most likely meant there, ranked; forced captures left out
// and captures written in parts are read as the writer meant them and said.

import type { PdnGame, PdnTextItem, ReadPdnOptions } from '../../rules/index.ts';
import { formatMove, pdnTextItems, replayGame } from '../../rules/index.ts';
import type { Repair, SheetCheck } from '../../rules/slips/check.ts';
import { checkSheet } from '../../rules/slips/check.ts';
import { slipWords } from '../game/slipWords.ts';
import { wordsAfter, writtenSheet } from '../../rules/slips/sheet.ts';
import type { WrittenSheet } from '../../rules/slips/sheet.ts';
import { label, length, withoutLocation } from './pdnLabels.ts';


/** The slips' words in the terminal's and the JSON contract's language, English, from the catalogues. */
const ENGLISH = slipWords('en');
/** What `pdn check --suggest` found in one file: its report lines, the JSON lines, and the games. */
export interface SuggestReport {
  readonly text: string[];
  readonly json: string[];
  readonly games: number;
  readonly ok: number;
}

/** A repair in the JSON contract: `{"ply":P,"replace":"33-28","why":"..."}`, `{"ply":P,"insert":"..."}` or `{"ply":P,"delete":true}`. */
function repairJson(r: Repair): Record<string, unknown> {
  if (r.kind === 'delete') return { ply: r.ply, delete: true, why: r.why };
  return r.kind === 'replace' ? { ply: r.ply, replace: r.text, why: r.why } : { ply: r.ply, insert: r.text, why: r.why };
}

/** A repair for people: `ply 23: 32-28 for 32-82 (82 for 28, digits swapped)`. */
export function repairText(r: Repair, sheet: { readonly written: readonly string[] }): string {
  const was = sheet.written[r.written];
  if (r.kind === 'delete') return `ply ${r.ply}: leave out ${was} (${r.why})`;
  if (r.kind === 'insert') return `ply ${r.ply}: ${r.text} before ${was} (${r.why})`;
  return `ply ${r.ply}: ${r.text} for ${was}${r.why ? ` (${r.why})` : ''}`;
}

/** The plies read otherwise than written: forced captures put in. */
function filledPlies(check: SheetCheck): { ply: number; text: string }[] {
  return check.plies.flatMap((p, k) => (p.written < 0 ? [{ ply: k + 1, text: formatMove(p.before, p.move) }] : []));
}

/** How many further slips of one game are shown, each assuming the best candidate of the one before. */
const FURTHER = 5;

/** The slips after the first, each found with the best candidate of the one before taken as right: for people, who fix a sheet in one go. */
function furtherSlips(sheet: WrittenSheet, best: Repair | undefined, top: number): string[] {
  const out: string[] = [];
  let written = sheet.written.slice();
  let pos = sheet.pos.slice();
  for (let r = best; r && out.length < FURTHER * (top + 1); ) {
    const k = r.written;
    if (r.kind === 'replace') written[k] = r.text;
    else if (r.kind === 'insert') [written, pos] = [[...written.slice(0, k), r.text, ...written.slice(k)], [...pos.slice(0, k), pos[k], ...pos.slice(k)]];
    else [written, pos] = [[...written.slice(0, k), ...written.slice(k + 1)], [...pos.slice(0, k), ...pos.slice(k + 1)]];
    const slip = checkSheet(sheet.start, written, { words: ENGLISH }).slip;
    if (!slip) break;
    const at = pos[slip.written];
    out.push(`then, if that is right: ${at.line}:${at.column}: ply ${slip.ply} ${slip.text} cannot be played; most likely:`);
    slip.candidates.slice(0, top).forEach((c, i) => out.push(`  ${i + 1}. ${repairText(c, { written })}`));
    r = slip.candidates[0];
  }
  return out;
}

/**
 * The written sheet of the game at `items[k]`, replayed as `g` with an error, or null when the
 * error is not in its moves (text that is not PDN, a position set up in the moves). A word that
 * is not a move ends the game for the PDN reader: the words after it, up to the next game, are
 * read as written moves.
 */
export function gameSheet(input: string, items: readonly PdnTextItem[], k: number, g: PdnGame, options: ReadPdnOptions): WrittenSheet | null {
  const item = items[k];
  if (!g.error || item.kind !== 'game') return null;
  const end = items.slice(k + 1).find((i) => i.kind === 'game')?.game.pos.offset ?? input.length;
  const rest = g.error.code === 'not-a-move' ? wordsAfter(input, g.error.pos.offset, end, g.error.pos) : [];
  return ['illegal-move', 'ambiguous-move', 'unreadable-move', 'variant-ambiguous'].includes(g.error.code) || rest.length > 0 ? writtenSheet(item.game, g, options, rest) : null;
}

/** Checks every game of a file's text; `top` candidates are shown to people (the JSON has them all, at most 10). */
export function suggestFile(name: string, input: string, options: ReadPdnOptions, top = 5): SuggestReport {
  const text: string[] = [];
  const json: string[] = [];
  let games = 0;
  let ok = 0;
  const items = [...pdnTextItems(input)];
  for (const [k, item] of items.entries()) {
    if (item.kind !== 'game') continue;
    const n = ++games;
    const g: PdnGame = replayGame(item.game, options);
    const who = label(g, n);
    if (!g.error) {
      ok++;
      text.push(`${name}:${g.pos.line}: ${who}: OK, ${length(g)}, ${g.variant.name}`);
      continue;
    }
    const sheet = gameSheet(input, items, k, g, options);
    if (!sheet) {
      text.push(`${name}:${g.error.pos.line}:${g.error.pos.column}: ${who}: ERROR ${withoutLocation(g.error)}`);
      json.push(JSON.stringify({ type: 'error', game: n, line: g.error.pos.line, column: g.error.pos.column, reason: withoutLocation(g.error) }));
      continue;
    }
    const check = checkSheet(sheet.start, sheet.written, { words: ENGLISH });
    const filled = filledPlies(check);
    const as = `${sheet.variant.name}${sheet.guessed ? ' (guessed)' : ''}`;
    const fills = filled.map((f) => ({ ply: f.ply, insert: f.text, why: 'a forced capture left out' }));
    if (filled.length > 0) text.push(`${name}:${g.pos.line}: ${who}: forced captures left out, read as the writer meant them: ${filled.map((f) => `${f.text} at ply ${f.ply}`).join(', ')}`);
    const slip = check.slip;
    if (!slip) {
      ok++;
      text.push(`${name}:${g.pos.line}: ${who}: OK as read, ${check.plies.length} plies, ${as}`);
      json.push(JSON.stringify(fills.length > 0 ? { type: 'filled', game: n, candidates: fills } : { type: 'resolved', game: n, why: 'a capture written ambiguously, read as the later moves need it' }));
      continue;
    }
    const at = sheet.pos[slip.written];
    text.push(`${name}:${at.line}:${at.column}: ${who}: ply ${slip.ply} ${slip.text} cannot be played (${as}); most likely meant:`);
    slip.candidates.slice(0, top).forEach((r, k) => text.push(`  ${k + 1}. ${repairText(r, sheet)}`));
    if (slip.candidates.length === 0) text.push('  (nothing found that lets the game go on: look at the moves before it)');
    text.push(...furtherSlips(sheet, slip.candidates[0], top).map((l) => `  ${l}`));
    json.push(JSON.stringify({ type: 'slip', game: n, ply: slip.ply, written: slip.text, line: at.line, column: at.column, candidates: slip.candidates.map(repairJson), ...(fills.length > 0 ? { filled: fills } : {}) }));
  }
  return { text, json, games, ok };
}
