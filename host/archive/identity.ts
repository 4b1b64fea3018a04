// When two games are one game, for the archive's duplicates. Pure: no I/O.
//
// The rule. Two games are the same game, and the second a duplicate of the first, when
// 1. their moves are the same: the same variant, start position and main line, move by move
//    (each move by what it plays, however it is written: `32x23` and `32x23x14` are one move
//    when they name the same capture);
// 2. their players are the same, White and Black, by their names' keys (names.ts; a name not
//    known is the same only as a name not known);
// 3. their dates do not differ: each part known in both (year, month, day) is the same;
// 4. and, for a short game (fewer than SHORT_GAME plies, a game of no moves too), their event,
//    round and site are the same: the same few moves between the same players happen in many
//    events (a quick draw, a forfeit or an aborted game written with no moves), and on the
//    draughts sites the Site is the game's own address (two games aborted by the same players on
//    the same day differ only there); a long game is not played twice.
// Two games of the same moves that are not the same game (other players, another date) are both
// kept; the second is said to have "the same moves as" the first when it is long (short games
// share their moves too often to be worth saying).

import { rosterValue, writeFen } from '../../rules/index.ts';
import type { PdnGame } from '../../rules/index.ts';
import { sha256Hex } from '../hash/sha256.ts';

/** Games shorter than this many plies are the same game only in the same event and round. */
export const SHORT_GAME = 10;

/** What the duplicates rule compares of a game. */
export interface GameIdentity {
  /** A hash of the variant, the start position and every move of the main line (hex). */
  readonly moves: string;
  /** The plies of the main line. */
  readonly plies: number;
  /** The players' name keys (names.ts), '' when not known. */
  readonly white: string;
  readonly black: string;
  /** The date as strict PDN writes it, `YYYY.MM.DD` with `??` for what is not known. */
  readonly date: string;
  /** The event, round and site, folded (case and spacing), '' when not known. */
  readonly event: string;
  readonly round: string;
  readonly site: string;
}

/**
 * A game's identity for the duplicates rule; `white` and `black` are its players' keys.
 *
 * @example gameIdentity(game, 'derkx|b', 'meijer|hein') // { moves: '9f2c…', plies: 117, white: 'derkx|b', ... }
 */
export function gameIdentity(game: PdnGame, white: string, black: string): GameIdentity {
  const parts = [game.variant.name, writeFen(game.start)];
  let plies = 0;
  for (const item of game.line) {
    if (item.kind === 'setup') parts.push(`/${writeFen(item.position)}`);
    else {
      const m = item.move;
      parts.push(`${m.from}-${m.to}x${[...m.captured].sort((x, y) => x - y).join(',')}`);
      plies++;
    }
  }
  const tag = (name: string) => game.tags.find((t) => t.name.toLowerCase() === name.toLowerCase())?.value;
  return {
    moves: sha256Hex(parts.join('\n')).slice(0, 32),
    plies,
    white,
    black,
    date: rosterValue('Date', tag('Date')),
    event: folded(tag('Event')),
    round: folded(tag('Round')),
    site: folded(tag('Site')),
  };
}

/** Whether `a` and `b` are the same game by the rule above. */
export function sameGame(a: GameIdentity, b: GameIdentity): boolean {
  if (a.moves !== b.moves || a.white !== b.white || a.black !== b.black || !sameDate(a.date, b.date)) return false;
  return a.plies >= SHORT_GAME || (a.event === b.event && a.round === b.round && a.site === b.site);
}

/** Whether `a` and `b` are other games whose moves are worth saying are the same (long games only). */
export function sameLongMoves(a: GameIdentity, b: GameIdentity): boolean {
  return a.moves === b.moves && a.plies >= SHORT_GAME;
}

/**
 * Games looked up by the rule above: the one a game is a duplicate of, and the first of the same
 * long moves. Keyed by moves and players, so a game costs the same however many games share its
 * moves (a round's forfeits, written with no moves, all do).
 *
 * @example const known = new GameLookup(index.games); known.twin(identity) // the game it duplicates, or undefined
 */
export class GameLookup<G extends { readonly identity: GameIdentity }> {
  private readonly byPlayers = new Map<string, G[]>();
  private readonly firstByMoves = new Map<string, G>();

  constructor(games: Iterable<G> = []) {
    for (const g of games) this.add(g);
  }

  add(game: G): void {
    const key = playersKey(game.identity);
    const same = this.byPlayers.get(key);
    if (same) same.push(game);
    else this.byPlayers.set(key, [game]);
    if (!this.firstByMoves.has(game.identity.moves)) this.firstByMoves.set(game.identity.moves, game);
  }

  /** The game that `identity`'s game is the same game as ({@link sameGame}), if any. */
  twin(identity: GameIdentity): G | undefined {
    return this.byPlayers.get(playersKey(identity))?.find((a) => sameGame(a.identity, identity));
  }

  /** The first game of the same moves when they are worth saying ({@link sameLongMoves}), if any. */
  sameMoves(identity: GameIdentity): G | undefined {
    const first = this.firstByMoves.get(identity.moves);
    return first && sameLongMoves(first.identity, identity) ? first : undefined;
  }
}

function playersKey(id: GameIdentity): string {
  return `${id.moves}\n${id.white}\n${id.black}`;
}

/**
 * A name for a game in the archive, from its identity: the same for the same game, and other
 * for games that are not (hex, 12 digits).
 */
export function gameId(id: GameIdentity): string {
  return sha256Hex([id.moves, id.white, id.black, id.date, id.event, id.round, id.site].join('\n')).slice(0, 12);
}

/** Whether two strict dates agree in every part known in both (`2009.04.??` and `2009.04.08` do). */
export function sameDate(a: string, b: string): boolean {
  const x = a.split('.');
  const y = b.split('.');
  if (x.length !== 3 || y.length !== 3) return a === b;
  return x.every((p, i) => p.startsWith('?') || y[i].startsWith('?') || p === y[i]);
}

/** An event or round folded for comparing: case and spacing; '' for a missing, empty or `?` value. */
export function folded(value: string | undefined): string {
  const v = (value ?? '').normalize('NFC').replace(/\s+/gu, ' ').trim().toLowerCase();
  return /^[?-]*$/.test(v) ? '' : v;
}
