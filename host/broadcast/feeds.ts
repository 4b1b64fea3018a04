// The broadcast feeds' content (issue 15): the games of a round as the draughts sites poll them,
// one PDN with every game, the `{"games":[{"pdn"}]}` JSON and one board's game, with the ETags
// that let a poller be answered 304. Pure: the HTTP server and the event runner are elsewhere.
//
// lidraughts' relay (RoepStoep/lidraughts, modules/relay; see
// host/broadcast/testing/lidraughtsRelay.ts) cuts a PDN source into games at every blank line
// followed by `[`, and matches the games of a several-game source to its chapters by their
// position in the source: the game at index i follows chapter i, and a source whose games move
// (their white, black, round, event and site tags found at another index) is refused whole. It
// keeps none of the tags it does not know, `Board` among them. So the games are in board order,
// board N always at index N - 1: a board missing from the list is filled with a game of its own
// (no moves, its `Board` tag and the round's `GameType`), so that the boards after it keep their
// index. Give every board of the round from the start (its pairing's tags, no moves yet): the
// relay tells two filled boards apart only by their tags.
//
// Clocks: the scoresheet writes both times left after every move in PDN 3.0's two-clock form,
// `[%clock w1:29:31 B1:30:00]` (the running clock in capitals), which is what lidraughts'
// CommentParser reads as each side's clock; the feeds pass it on as it is.

import { ROSTER } from '../../rules/index.ts';
import { sha256Hex } from '../hash/sha256.ts';

/** One board of a round: its number (1..) and its game's PDN, as scoresheetPdn or gamePdn writes it. */
export interface BoardGame {
  readonly board: number;
  readonly pdn: string;
}

/** A game's tag lines and the rest, each line as written. */
function parts(pdn: string): { tags: string[]; rest: string } {
  const lines = pdn.replace(/\r\n?/g, '\n').trim().split('\n');
  let n = 0;
  while (n < lines.length && lines[n].trimStart().startsWith('[')) n++;
  // No blank line inside a game may be followed by `[`: the relay would cut the game there.
  const rest = lines.slice(n).join('\n').trim().replace(/\n\s*\n(?=\s*\[)/g, '\n');
  return { tags: lines.slice(0, n).map((l) => l.trim()), rest };
}

const tagName = (line: string): string => /^\[\s*([A-Za-z0-9_]+)/.exec(line)?.[1].toLowerCase() ?? '';

/** The game with `[Board "n"]` right after the seven-tag roster (any Board tag it had replaced), ending in one line break. */
function withBoard(pdn: string, n: number): string {
  const { tags, rest } = parts(pdn);
  const kept = tags.filter((l) => tagName(l) !== 'board');
  let at = 0;
  kept.forEach((l, i) => {
    if (ROSTER.some((r) => r.toLowerCase() === tagName(l))) at = i + 1;
  });
  kept.splice(at, 0, `[Board "${n}"]`);
  return `${kept.join('\n')}\n\n${rest || '*'}\n`;
}

/**
 * The games of the round in board order, each with its `Board` tag: the last entry of a board
 * number wins (a board restarted), and a number missing below the highest is filled with a game
 * with no moves (see the file's comment). Numbers that are not whole and positive are left out.
 */
function roundGames(boards: readonly BoardGame[]): string[] {
  const byBoard = new Map<number, string>();
  for (const b of boards) if (Number.isSafeInteger(b.board) && b.board >= 1) byBoard.set(b.board, b.pdn);
  const highest = Math.max(0, ...byBoard.keys());
  const gameType = [...byBoard.entries()].sort(([a], [b]) => a - b).flatMap(([, pdn]) => parts(pdn).tags.filter((l) => tagName(l) === 'gametype'))[0];
  const empty = `[Result "*"]\n${gameType ?? ''}\n\n*`;
  return Array.from({ length: highest }, (_, i) => withBoard(byBoard.get(i + 1) ?? empty, i + 1));
}

/**
 * The round as one PDN file, as lidraughts' relay and other pollers read it: every game in board
 * order (never the order of the list), each with a `[Board "N"]` tag after the seven-tag roster,
 * games separated by one blank line (the relay cuts at a blank line followed by `[`).
 *
 * @example roundPdn([{ board: 2, pdn: b2 }, { board: 1, pdn: b1 }]) // b1's game, a blank line, b2's
 */
export function roundPdn(boards: readonly BoardGame[]): string {
  return roundGames(boards).join('\n');
}

/**
 * The round as lidraughts' JSON source reads it, `{"games":[{"pdn":"..."}]}`, the games as in
 * {@link roundPdn} and in its order.
 */
export function roundJson(boards: readonly BoardGame[]): string {
  return JSON.stringify({ games: roundGames(boards).map((pdn) => ({ pdn })) });
}

/** Board `n`'s game as it stands in {@link roundPdn} (with its `Board` tag), or null when the list has no such board. */
export function boardPdn(boards: readonly BoardGame[], n: number): string | null {
  const last = boards.filter((b) => b.board === n).at(-1);
  return last ? withBoard(last.pdn, n) : null;
}

/**
 * A strong ETag for a response body: the quoted first 128 bits of its SHA-256, in hex, by
 * `sha256` (default host/hash's; the round store is handed node:crypto's, several times faster
 * on a round's feeds).
 *
 * @example etagOf('body') // '"230d8358dc8e8890b4c58deeb62912ee"'
 */
export function etagOf(body: string | Uint8Array, sha256: (body: string | Uint8Array) => string = sha256Hex): string {
  return `"${sha256(body).slice(0, 32)}"`;
}

/**
 * Whether a request's If-None-Match header matches the current ETag, so that the answer is 304
 * (RFC 9110 13.1.2): `*` matches any, otherwise a list of entity tags compared weakly (`W/`
 * ignored on both sides). No header: false.
 *
 * @example notModified('"abc"', 'W/"x", "abc"') // true
 */
export function notModified(etag: string, ifNoneMatch: string | readonly string[] | null | undefined): boolean {
  if (ifNoneMatch === null || ifNoneMatch === undefined) return false;
  const header = typeof ifNoneMatch === 'string' ? ifNoneMatch : ifNoneMatch.join(', ');
  if (header.trim() === '*') return true;
  const opaque = (tag: string): string => tag.trim().replace(/^W\//, '');
  const mine = opaque(etag);
  return [...header.matchAll(/(?:W\/)?"[^"]*"/g)].some((m) => opaque(m[0]) === mine);
}
