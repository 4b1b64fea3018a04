// The seven-tag roster of PDN 3.0 (taken over from PGN's): the tags every strict game starts
// with, and their values as strict PDN writes them.

/** Tags every strict file starts with, in this order (PDN 3.0, the seven-tag roster). */
export const ROSTER = ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result'] as const;

/** The Date of a game whose date is not known at all. */
export const UNKNOWN_DATE = '????.??.??';

/**
 * The value strict PDN writes for a roster tag (but Result, which follows the variant's scoring:
 * see normaliseResult) read as `value` (undefined: the tag is missing). PDN 3.0, as PGN 8.1.1:
 * - Date is `YYYY.MM.DD`, `??` for a part that is not known: `1841-??-??` is written
 *   `1841.??.??`, `1950.` and `1950` are written `1950.??.??`, `2006.5.3` `2006.05.03`, a missing
 *   or empty Date `????.??.??`. A date that is not a year, month and day in that order (`3 May
 *   2006`, `13.05.2006`, a month 13) is written as it was, since which part is which cannot be told.
 * - Round, Event, Site, White and Black are `?` when not known: missing or empty.
 *
 * @example rosterValue('Date', '1950.') // '1950.??.??'
 */
export function rosterValue(name: string, value: string | undefined): string {
  const v = value?.trim() ?? '';
  if (name === 'Date') return v === '' || /^\?+$/.test(v) ? UNKNOWN_DATE : (strictDate(v) ?? value!);
  return v === '' ? '?' : value!;
}

/** `YYYY.MM.DD` for a date written year first (any of `.-/` between the parts, parts left out or `?`), or null. */
function strictDate(v: string): string | null {
  const m = /^(\d{4}|\?{4})(?:[.\-/](\d{1,2}|\?{1,2})?(?:[.\-/](\d{1,2}|\?{1,2})?)?)?\.?$/.exec(v);
  if (!m) return null;
  const part = (p: string | undefined, max: number): string | null => {
    if (p === undefined || p.startsWith('?')) return '??';
    const n = Number(p);
    return n >= 1 && n <= max ? String(n).padStart(2, '0') : null;
  };
  const month = part(m[2], 12);
  const day = part(m[3], 31);
  return month === null || day === null ? null : `${m[1]}.${month}.${day}`;
}
