// What the archive's index keeps of a game replayed (store.ts, ArchivedGame): its players as the
// archive shows them, its identity for the duplicates rule, its event, round and result. Shared
// by the import and by the repair that adopts a game file the index does not list.

import { normaliseResult } from '../../rules/index.ts';
import type { PdnGame } from '../../rules/index.ts';
import { gameId, gameIdentity } from './identity.ts';
import type { GameIdentity } from './identity.ts';
import type { NameBook, PlayerName } from './names.ts';
import type { ArchivedGame, SourcePlace } from './store.ts';

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
