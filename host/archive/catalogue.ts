// Finding games in a club's archive (store.ts): its events and rounds, an event's games in the
// order of play, a game by its id. Pure: it reads the index it is given.

import { folded } from './identity.ts';
import { NO_EVENT, NO_ROUND } from './store.ts';
import { boardOf } from './entry.ts';
import type { ArchivedGame } from './entry.ts';
import type { ArchiveIndex } from './store.ts';

/** An event of the archive: its name as first written ('' when not known), its rounds in order, its games. */
export interface ArchivedEvent {
  readonly name: string;
  readonly rounds: readonly { readonly name: string; readonly games: readonly ArchivedGame[] }[];
}

/**
 * The archive's events in the order they came in, each with its rounds in order (`2` before
 * `10`, a round not known last) and each round's games in the order they came in (their
 * number in the round's folder). Events and rounds written otherwise in case or spacing are one.
 */
export function archivedEvents(index: ArchiveIndex): ArchivedEvent[] {
  const events = new Map<string, { name: string; rounds: Map<string, { name: string; games: ArchivedGame[] }> }>();
  for (const g of index.games) {
    const e = events.get(g.identity.event) ?? { name: g.event, rounds: new Map() };
    events.set(g.identity.event, e);
    const r = e.rounds.get(g.identity.round) ?? { name: g.round, games: [] };
    e.rounds.set(g.identity.round, r);
    r.games.push(g);
  }
  return [...events.values()].map((e) => ({
    name: e.name,
    rounds: [...e.rounds.values()].sort((a, b) => compareRounds(a.name, b.name)).map((r) => ({ name: r.name, games: [...r.games].sort((a, b) => gameNumber(a) - gameNumber(b)) })),
  }));
}

/**
 * The games of the event named `event` (`no event` for the games of none, unless an event is so
 * named; `""` for them always), of its round `round` when given (`no round` and `""` alike), in
 * the order of play: round by round, each round's games in their order. Empty when there are none.
 */
export function eventGames(index: ArchiveIndex, event: string, round?: string): ArchivedGame[] {
  /** The one of `names` that `text` names: by its name first, then `none` for the one not known (''). */
  const named = <T extends { readonly name: string }>(names: readonly T[], text: string, none: string) =>
    names.filter((x) => folded(x.name) === folded(text)).concat(text.trim().toLowerCase() === none ? names.filter((x) => folded(x.name) === '') : [])[0];
  const e = named(archivedEvents(index), event, NO_EVENT);
  if (!e) return [];
  if (round === undefined) return e.rounds.flatMap((r) => r.games);
  return named(e.rounds, round, NO_ROUND)?.games.slice() ?? [];
}

/**
 * The game `ref` names: its id or the start of it (at least 4 digits, naming one game), or its
 * file from the archive's folder; a message when it names none or several.
 */
export function findGame(index: ArchiveIndex, ref: string): { ok: true; game: ArchivedGame } | { ok: false; error: string } {
  const file = ref.replace(/\\/g, '/');
  const byFile = index.games.find((g) => g.file === file || file.endsWith(`/${g.file}`));
  if (byFile) return { ok: true, game: byFile };
  const id = ref.toLowerCase();
  const found = /^[0-9a-f]{4,}$/.test(id) ? index.games.filter((g) => g.id.startsWith(id)) : [];
  if (found.length === 1) return { ok: true, game: found[0] };
  if (found.length > 1) return { ok: false, error: `"${ref}" is the start of the ids of ${found.length} games (${found.map((g) => g.id).join(', ')}): give more of it` };
  return { ok: false, error: `no game in the archive has the id or file "${ref}"` };
}

/** Rounds in order: by their numbers where they are numbers (`2` before `10`, `3.1` before `3.2`), else as text; a round not known last. */
export function compareRounds(a: string, b: string): number {
  if ((a === '') !== (b === '')) return a === '' ? 1 : -1;
  return a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });
}

/** A game's number in its round's folder (`007 ...pdn` is 7), or its board at an event (`board-07/game.pdn` is 7). */
function gameNumber(g: ArchivedGame): number {
  return boardOf(g.file) ?? Number(/\/(\d+)[^/]*$/.exec(g.file)?.[1] ?? Infinity);
}
