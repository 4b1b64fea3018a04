// Searching a club's archive (store.ts) by player, event and date, for `dambord archive list`,
// `archive sheet PLAYER` and the archive's page. Pure: it reads the index it is given.
//
// The rules of a search, each part optional and all of them together (AND):
// - player: read as the archive reads a name (names.ts), so `Derkx`, `derkx b`, `B. Derkx` and
//   `Derkx, B.` all find `Derkx, B.`. The surname must be the player's (or the last words of it:
//   `Akker` finds `Akker, J. van den`); given names or initials, when the search has them, must
//   begin the player's (`B` finds `B.J.`). A surname alone finds every player of that surname.
//   Either colour.
// - event: any event whose name holds the text, case and spacing aside (`nk` finds `NK 2009`);
//   `no event` or `` also the games of no event.
// - from, to: inclusive, on the game's PDN date. A date with `??` parts stands for every day it
//   may be (`2009.??.??` is any day of 2009) and is found when one of those days is in the range;
//   a game whose year is not known is never found by date.

import { folded } from './identity.ts';
import { playerName } from './names.ts';
import { NO_EVENT } from './store.ts';
import type { ArchivedGame } from './entry.ts';
import type { ArchiveIndex } from './store.ts';

/** What to look for; each part left out finds every game. */
export interface GameSearch {
  /** A player's name, written any way names.ts reads. */
  readonly player?: string;
  /** Part of the event's name. */
  readonly event?: string;
  /** The first and last day, `YYYY.MM.DD` (checked with {@link searchDate}). */
  readonly from?: string;
  readonly to?: string;
}

/**
 * The archive's games that `search` finds, in the order of their dates (unknown parts first),
 * then the order they came in.
 *
 * @example searchGames(index, { player: 'derkx', from: '2009.04.01', to: '2009.04.30' })
 */
export function searchGames(index: ArchiveIndex, search: GameSearch): ArchivedGame[] {
  const wanted = search.player === undefined ? null : nameReadings(search.player);
  const found = index.games.filter(
    (g) =>
      (wanted === null || [g.identity.white, g.identity.black].some((key) => wanted.some((w) => namesPlayer(w, key)))) &&
      (search.event === undefined || eventMatches(g.event, search.event)) &&
      dateInRange(g.date, search.from, search.to),
  );
  return found.map((g, i) => ({ g, i })).sort((a, b) => (a.g.date < b.g.date ? -1 : a.g.date > b.g.date ? 1 : a.i - b.i)).map((x) => x.g);
}

/**
 * A date of a search as strict PDN writes it, from `YYYY.MM.DD` (or `YYYY-MM-DD`, as a date
 * field gives it); an error for people when it is not a day of the calendar.
 *
 * @example searchDate('2009-04-08') // { ok: true, date: '2009.04.08' }
 */
export function searchDate(text: string): { readonly ok: true; readonly date: string } | { readonly ok: false; readonly error: string } {
  const m = /^(\d{4})[.-](\d{2})[.-](\d{2})$/.exec(text.trim());
  const day = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!m || !day || day.getUTCMonth() !== Number(m[2]) - 1 || day.getUTCDate() !== Number(m[3])) {
    return { ok: false, error: `"${text.slice(0, 40)}" is not a date: write it YYYY.MM.DD, as 2009.04.08` };
  }
  return { ok: true, date: `${m[1]}.${m[2]}.${m[3]}` };
}

/** A name's key split: the surname (its prefix with it) and the given part. */
interface Reading {
  readonly surname: string;
  readonly given: string;
}

/**
 * The ways a searched name may be read: as names.ts reads it, and, for words with no comma and
 * no initials (`Hein Meijer`, whose surname cannot be told), the last word or the first as the
 * surname too.
 */
function nameReadings(text: string): Reading[] {
  const split = (key: string): Reading => ({ surname: key.split('|')[0], given: key.split('|')[1] ?? '' });
  const read = split(playerName(text).key);
  if (read.surname === '') return [read];
  const words = read.surname.split(' ');
  if (read.given !== '' || text.includes(',') || words.length < 2) return [read];
  return [read, { surname: words.at(-1)!, given: words.slice(0, -1).join(' ') }, { surname: words[0], given: words.slice(1).join(' ') }];
}

/** Whether the player of name key `key` is the one `w` reads. */
function namesPlayer(w: Reading, key: string): boolean {
  if (key === '' || w.surname === '') return false;
  const p = { surname: key.split('|')[0], given: key.split('|')[1] ?? '' };
  const surname = p.surname === w.surname || p.surname.endsWith(` ${w.surname}`);
  return surname && (w.given === '' || p.given.replace(/ /g, '').startsWith(w.given.replace(/ /g, '')));
}

function eventMatches(event: string, text: string): boolean {
  const want = folded(text);
  if (want === '' || want === NO_EVENT) return folded(event) === '' || (want !== '' && folded(event).includes(want));
  return folded(event).includes(want);
}

/** Whether some day the PDN date `date` may be is within `from`..`to` (`YYYY.MM.DD`, inclusive). */
function dateInRange(date: string, from: string | undefined, to: string | undefined): boolean {
  if (from === undefined && to === undefined) return true;
  const [y, m, d] = date.split('.');
  if (!/^\d{4}$/.test(y ?? '')) return false;
  const known = (part: string | undefined) => /^\d{2}$/.test(part ?? '');
  const first = `${y}.${known(m) ? m : '01'}.${known(m) && known(d) ? d : '01'}`;
  const last = `${y}.${known(m) ? m : '12'}.${known(m) && known(d) ? d : '31'}`;
  return (from === undefined || last >= from) && (to === undefined || first <= to);
}
