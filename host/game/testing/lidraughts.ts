// lidraughts' PDN importer as read, written again for the tests: not dambord's PDN reader, so that
// the scoresheet is checked against what lidraughts accepts, not against itself.
//
// Read from RoepStoep/lidraughts at commit c7feaf1810c34f44f9b5f2b719a4aa795f9c7618:
// - modules/draughts/src/main/format/pdn/Parser.scala: `full` (the preprocessing),
//   `splitTagAndMoves`, `TagParser`, `MovesParser` (`strMoves`, `strMove`, `commentary`,
//   `moveRegex`, `number`, `result`) and `MoveParser.fieldR`;
// - modules/draughts/src/main/format/pdn/parsingModel.scala: `Metas.fenComment`, the FEN a
//   move's comments (or the comments before the first move) set up;
// - modules/draughts/src/main/format/pdn/Reader.scala: `makeReplay`, each move played on the
//   position, and at a move with a FEN comment (but the last) the game going on from that FEN;
// - modules/importer/src/main/DataForm.scala: `ImportData.preprocess`, which keeps an
//   incomplete replay (the moves up to the first it cannot play): here that is an error.
// The moves are played with dambord's rules core (the legal moves), which is not what is tested.

import type { Position, Variant } from '../../../rules/index.ts';
import { BLACK, KING, WHITE, createPosition, legalMoves, parseSquare, play } from '../../../rules/index.ts';

/** A game as lidraughts' parser reads it. */
export interface ImportedGame {
  readonly tags: ReadonlyMap<string, string>;
  /** The comments before the first move (`InitialPosition`). */
  readonly initial: readonly string[];
  readonly moves: readonly { readonly san: string; readonly comments: readonly string[] }[];
  readonly result: string | null;
}

/** Parser.scala `full`: the text as the parsers get it, or the reason it is refused (thrown). */
export function importPdn(pdn: string): ImportedGame {
  const text = pdn
    .replace(/\ufeff/g, '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => !l.startsWith('%'))
    .join('\n')
    .replace(/\[pgn\]|\[pdn\]|\[\/pgn\]|\[\/pdn\]/g, '')
    .replace(/[‑–]/g, '-');
  // splitTagAndMoves, with ensureTagsNewline and ensureTagsNewlineReverse.
  const lines = text
    .replace(/"\]\s*(\{|\d+\.)/g, '"]\n$1')
    .replace(/\[(FILENAME\s+")/g, '\n[$1')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  let split = lines.findIndex((l) => !l.startsWith('['));
  if (split < 0) split = lines.length;
  let moveLines = lines.slice(split);
  const lastLine = moveLines.at(-1);
  if (lastLine && lastLine.startsWith('[') && lastLine.endsWith(']')) moveLines = moveLines.slice(0, -1);
  return { tags: tagsOf(lines.slice(0, split).join('\n')), ...movesOf(moveLines.join('\n')) };
}

/** TagParser: `[` name `[a-zA-Z]+` value `[^\]]+` `]`, quotes dropped; as many as read, the rest ignored. */
function tagsOf(text: string): Map<string, string> {
  const tags = new Map<string, string>();
  const tag = /\s*\[\s*([a-zA-Z]+)\s*([^\]]+)\]/y;
  let m: RegExpExecArray | null;
  while ((m = tag.exec(text))) tags.set(m[1], m[2].replace(/"/g, ''));
  return tags;
}

const FIELD = '50|[1-4][0-9]|0?[1-9]|[a-h][1-8]';
const MOVE = new RegExp(`(?:${FIELD})[\\-x:](?:${FIELD})(?:[x:](?:${FIELD}))*[?!□⨀]{0,2}`, 'y');
const RESULTS = ['*', '1/2-1/2', '½-½', '0.5-0.5', '1-1', '0-1', '0-2', '1-0', '2-0'];

/** MovesParser, a RegexParsers grammar: whitespace skipped before every token, repetitions greedy, the whole text read. */
function movesOf(text: string): Omit<ImportedGame, 'tags'> {
  let at = 0;
  const skip = (): void => {
    const ws = /(\s|\t|\r?\n)+/y;
    ws.lastIndex = at;
    if (ws.exec(text)) at = ws.lastIndex;
  };
  const literal = (s: string): boolean => {
    skip();
    if (!text.startsWith(s, at)) return false;
    at += s.length;
    return true;
  };
  const regex = (r: RegExp): string | null => {
    skip();
    const sticky = new RegExp(r.source, 'y');
    sticky.lastIndex = at;
    const m = sticky.exec(text);
    if (!m) return null;
    at = sticky.lastIndex;
    return m[0];
  };
  /** `blockCommentary | inlineCommentary | fenCommentary`: the comment's text, or null (nothing read). */
  const commentary = (): string | null => {
    const start = at;
    if (literal('{')) {
      const body = regex(/[^}]*/) ?? '';
      if (literal('}')) return body;
    }
    at = start;
    if (literal(';')) {
      const body = regex(/.+/);
      if (body !== null) return body;
    }
    at = start;
    if (literal('/FEN "')) {
      const fen = regex(/[\w:,]*/) ?? '';
      if (literal('"/')) return fen;
    }
    at = start;
    return null;
  };
  const comments = (): string[] => {
    const out: string[] = [];
    for (let c = commentary(); c !== null; c = commentary()) out.push(c.trim());
    return out.filter((c) => c !== '');
  };
  const nags = (): void => {
    while (regex(/\$\d+/) !== null);
  };
  const strMoves = (): Omit<ImportedGame, 'tags'> => {
    const initial = comments();
    const moves: { san: string; comments: string[] }[] = [];
    for (;;) {
      const start = at;
      // (number | commentary)*, dropped
      for (;;) {
        if (regex(/[1-9]\d*\.+\s*/) !== null) continue;
        if (commentary() !== null) continue;
        break;
      }
      const san = regex(MOVE);
      if (san === null) {
        at = start;
        break;
      }
      nags();
      const said = comments();
      nags();
      if (literal('(')) throw new Error(`a variation at ${at}: dambord writes none`);
      comments(); // moveExtras, dropped
      moves.push({ san: san.trim(), comments: said });
    }
    let result: string | null = null;
    for (const r of RESULTS) if (literal(r)) {
      result = r;
      break;
    }
    comments();
    // `1-1` read as a move when no result follows is the result (a draw in international draughts).
    if (result === null && moves.at(-1)?.san === '1-1') {
      moves.pop();
      result = '1-1';
    }
    return { initial, moves, result };
  };
  const game = strMoves();
  skip();
  if (at !== text.length) throw new Error(`Cannot parse moves: stopped at ${JSON.stringify(text.slice(at, at + 40))}`);
  return game;
}

/** Metas.fenComment: the last comment that is a FEN of this form. */
export function fenComment(comments: readonly string[]): string | null {
  return [...comments].reverse().find((c) => /^[WB](:[WB][\w,]*){2}$/.test(c)) ?? null;
}

/** A FEN as lidraughts' Forsyth reads a listed one (`W:W31,32,K33:B1,2`; ranges too, for a FEN tag). */
function positionOf(v: Variant, fen: string): Position {
  const [turn, ...sides] = fen.trim().replace(/\.$/, '').split(':');
  const board = new Uint8Array(v.geometry.squares);
  for (const side of sides) {
    const colour = side[0] === 'W' ? WHITE : BLACK;
    for (const item of side.slice(1).split(',').filter((x) => x !== '')) {
      const king = item.startsWith('K');
      const body = king ? item.slice(1) : item;
      const range = /^(\d+)-(\d+)$/.exec(body);
      const squares = range ? Array.from({ length: Number(range[2]) - Number(range[1]) + 1 }, (_, i) => String(Number(range[1]) + i)) : [body];
      for (const sq of squares) board[parseSquare(v, sq)] = colour | (king ? KING : 0);
    }
  }
  return createPosition(v, board, turn === 'W' ? 'white' : 'black');
}

/**
 * Reader.makeReplay: the game from the initial FEN comment, the FEN tag or the start, each move
 * found among the legal moves by its squares (from, the landings given, to) and played, the game
 * going on from a move's FEN comment but at the last move. Returns the position it ends in;
 * throws at a move it cannot play (lidraughts would keep the game up to there).
 */
export function replayImported(v: Variant, game: ImportedGame): Position {
  let pos = positionOf(v, fenComment(game.initial) ?? game.tags.get('FEN') ?? v.startFen);
  game.moves.forEach(({ san, comments }, i) => {
    const fields = san.replace(/[?!□⨀]+$/, '').split(/[-x:]/).map((f) => parseSquare(v, f));
    const fits = legalMoves(pos).filter((m) => m.from === fields[0] && m.to === fields[fields.length - 1] && fields.slice(1, -1).every((f) => m.path.includes(f)));
    if (fits.length === 0) throw new Error(`move ${i + 1} ${san} cannot be played`);
    const fen = fenComment(comments);
    pos = fen !== null && i < game.moves.length - 1 ? positionOf(v, fen) : play(pos, fits[0]);
  });
  return pos;
}
