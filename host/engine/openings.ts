// The openings of a match (`dambord match --openings FILE`): the positions its games start
// from, each played twice with the colours swapped. A file of FENs, one a line, or a PDN of
// openings (each game's position after its moves, its FEN tag honoured); without a file, the
// start position and then each of its first moves.

import { formatMove, legalMoves, parseFen, play, readPdn, writeFen } from '../../rules/index.ts';
import type { Move, Position, Variant } from '../../rules/index.ts';

/** Where the games of a match start: a position and the moves played from it (shown in the PDN). */
export interface Opening {
  /** How the opening is named in the output: its moves (`32-28 19-23`), its FEN, or `start`. */
  readonly name: string;
  readonly start: Position;
  readonly moves: readonly Move[];
}

export type OpeningsResult = { readonly ok: true; readonly openings: readonly Opening[] } | { readonly ok: false; readonly error: string };

/**
 * The default openings of a variant: the start position, then the position after each of the
 * first player's legal moves, in the generator's order (10 in international draughts, 8 in
 * English, 8 in the other 8x8 variants). Two engines that always answer the same move in the
 * same position thus play a different game in each pair of games, for the first 18 or 16 games.
 */
export function defaultOpenings(v: Variant): readonly Opening[] {
  const parsed = parseFen(v, v.startFen);
  if (!parsed.ok) throw new Error(`the start FEN of ${v.name} does not read: ${parsed.error.reason}`);
  const start = parsed.position;
  const legal = legalMoves(start);
  return [{ name: 'start', start, moves: [] }, ...legal.map((m) => ({ name: formatMove(start, m, legal), start, moves: [m] }))];
}

/**
 * The openings of a file named `file` holding `text`: a PDN when its first line that is not
 * blank starts with `[` or the file's name ends in `.pdn`, else one FEN a line (blank lines and
 * lines starting with `#` skipped). A line that does not read, a game with an error, an opening
 * whose game is already over, or a file with none: a message naming the file and the line.
 */
export function parseOpenings(text: string, file: string, v: Variant): OpeningsResult {
  const first = text.split(/\r?\n/).find((l) => l.trim() !== '' && !l.trim().startsWith('#'));
  const read = /\.pdn$/i.test(file) || first?.trim().startsWith('[') ? pdnOpenings(text, file, v) : fenOpenings(text, file, v);
  if (!read.ok) return read;
  if (read.openings.length === 0) return { ok: false, error: `${file} holds no opening` };
  return read;
}

function fenOpenings(text: string, file: string, v: Variant): OpeningsResult {
  const openings: Opening[] = [];
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const parsed = parseFen(v, line);
    if (!parsed.ok) return { ok: false, error: `${file} line ${i + 1}: "${line}" is not a ${v.name} FEN (at character ${parsed.error.offset + 1}: ${parsed.error.reason}); write one FEN a line, e.g. ${v.startFen}` };
    const opening = { name: writeFen(parsed.position), start: parsed.position, moves: [] };
    const over = gameOver(opening);
    if (over) return { ok: false, error: `${file} line ${i + 1}: ${over}` };
    openings.push(opening);
  }
  return { ok: true, openings };
}

function pdnOpenings(text: string, file: string, v: Variant): OpeningsResult {
  const { games, errors } = readPdn(text, { variant: v });
  const fatal = errors.find((e) => e.fatal);
  if (fatal) return { ok: false, error: `${file}: ${fatal.reason}` };
  const openings: Opening[] = [];
  for (const g of games) {
    // The reader's reason names the line and column.
    if (g.error) return { ok: false, error: `${file}: ${g.error.reason}` };
    // Play starts from the last position set up in the movetext, if any.
    const setup = g.line.map((item) => item.kind).lastIndexOf('setup');
    const line = g.line.slice(setup + 1);
    const start = setup >= 0 ? (g.line[setup] as { position: Position }).position : g.start;
    const moves = line.flatMap((item) => (item.kind === 'ply' ? [item.move] : []));
    const texts = line.flatMap((item) => (item.kind === 'ply' ? [formatMove(item.before, item.move)] : []));
    const standard = writeFen(start) === writeFen(defaultOpenings(v)[0].start);
    const name = [...(standard ? [] : [writeFen(start)]), ...texts].join(' ') || 'start';
    const opening = { name, start, moves };
    const over = gameOver(opening);
    if (over) return { ok: false, error: `${file} line ${g.pos.line}: ${over}` };
    openings.push(opening);
  }
  return { ok: true, openings };
}

/** Why a match cannot start from `o`: the side to move has no move there. */
function gameOver(o: Opening): string | null {
  const end = o.moves.reduce((p, m) => play(p, m), o.start);
  return legalMoves(end).length === 0 ? `the opening "${o.name}" leaves ${end.turn} with no move: the game would be over before it starts` : null;
}
