// What the archive's index keeps of a game (ArchivedGame, RejectedGame; store.ts writes the index):
// a game replayed with its players as the archive shows them, its identity for the duplicates
// rule, its event, round and result. Shared by the import and by the repair that adopts a game
// file the index does not list.

import path from 'node:path';
import { normaliseResult } from '../../rules/index.ts';
import type { PdnGame } from '../../rules/index.ts';
import { gameId, gameIdentity } from './identity.ts';
import type { GameIdentity } from './identity.ts';
import type { NameBook, PlayerName } from './names.ts';

/** Where a game came from: its file and the line its game starts at. */
export interface SourcePlace {
  readonly file: string;
  readonly line: number;
}

/** A game in the archive, as its index keeps it. */
export interface ArchivedGame {
  /** Its name in the archive: 12 hex digits (identity.ts, gameId). */
  readonly id: string;
  /** Its PDN file, from the archive's folder, `/` between folders. */
  readonly file: string;
  /** The event and round as written, '' when not known. */
  readonly event: string;
  readonly round: string;
  /** The date as strict PDN writes it. */
  readonly date: string;
  /** The players as the archive shows them (names.ts), `?` when not known. */
  readonly white: string;
  readonly black: string;
  /** The players' names as the source wrote them ('' when missing). */
  readonly written: { readonly white: string; readonly black: string };
  /** The result in the variant's scoring. */
  readonly result: string;
  readonly variant: string;
  readonly identity: GameIdentity;
  readonly source: SourcePlace;
}

/** A game that could not be replayed, kept as it was written. */
export interface RejectedGame {
  /** Its text, from the archive's folder. */
  readonly file: string;
  readonly source: SourcePlace & { readonly column: number };
  /** Why it could not be replayed. */
  readonly reason: string;
  /** A hash of its text: the same text is kept once. */
  readonly hash: string;
}

/** A game's facts before it has a file in the archive. */
export interface GameFacts {
  readonly identity: GameIdentity;
  readonly white: PlayerName;
  readonly black: PlayerName;
  /** The event and round as written, '' when not known. */
  readonly event: string;
  readonly round: string;
  readonly result: string;
}

/** The value of a game's tag `name` (any case), spaces collapsed; '' when it has none. */
export function tagOf(g: PdnGame, name: string): string {
  return g.tags.find((t) => t.name.toLowerCase() === name.toLowerCase())?.value.replace(/\s+/gu, ' ').trim() ?? '';
}

/** The facts of game `g`, its players named through `names` (not noted as this import's forms). */
export function gameFacts(g: PdnGame, names: NameBook): GameFacts {
  const white = names.name(tagOf(g, 'White'), false);
  const black = names.name(tagOf(g, 'Black'), false);
  const identity = gameIdentity(g, white.key, black.key);
  return {
    identity,
    white,
    black,
    event: identity.event === '' ? '' : tagOf(g, 'Event'),
    round: identity.round === '' ? '' : tagOf(g, 'Round'),
    result: normaliseResult(g.result ?? tagOf(g, 'Result'), g.variant),
  };
}

/** The index's entry for game `g` of facts `f`, kept in `file` (from the archive's folder), read from `source`. */
export function archivedGame(g: PdnGame, f: GameFacts, file: string, source: SourcePlace): ArchivedGame {
  return {
    id: gameId(f.identity),
    file,
    event: f.event,
    round: f.round,
    date: f.identity.date,
    white: f.white.shown,
    black: f.black.shown,
    written: { white: tagOf(g, 'White'), black: tagOf(g, 'Black') },
    result: f.result,
    variant: g.variant.name,
    identity: f.identity,
    source,
  };
}

/**
 * A game as a list names it: its number in its round and its players as the archive shows them
 * (`007 Derkx, B. - Meijer, Hein`), or for an event's board's scoresheet
 * (`<event>/<round>/board-07/game.pdn`) its board and players.
 *
 * @example gameName({ file: 'nk/round-3/board-07/game.pdn', white: 'Derkx, B.', black: 'Meijer, Hein', ... }) // 'board 7 Derkx, B. - Meijer, Hein'
 */
export function gameName(g: Pick<ArchivedGame, 'file' | 'white' | 'black'>): string {
  const board = boardOf(g.file);
  // The players as the archive shows them (names.ts), as import, export and the sheet write them, not as the file's name has them (a file name leaves out a last dot).
  return `${board === undefined ? (/^\d+ /.exec(path.posix.basename(g.file))?.[0] ?? '') : `board ${board} `}${g.white} - ${g.black}`;
}

/** The board of an event's board's scoresheet from its file (`.../board-07/game.pdn` is 7); undefined for another file. */
export function boardOf(file: string): number | undefined {
  const n = /(?:^|\/)board-(\d+)\/game\.pdn$/.exec(file)?.[1];
  return n === undefined ? undefined : Number(n);
}
