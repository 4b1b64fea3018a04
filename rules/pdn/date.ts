// A PDN date (PDN 3.0: the Date tag, `YYYY.MM.DD`, `?` for what is not known), checked as a
// date of the calendar. Pure.

/**
 * A PDN date (`YYYY.MM.DD`, any part `?`s when unknown), or what is wrong with `text`. A known
 * date must be a day of the (proleptic Gregorian) calendar: a year from 0001 (there is no year
 * 0), a month 01-12, a day that month has (29 February only in a leap year; with the year
 * unknown, 29 February may be). The one check of every date dambord takes (digitise's --date
 * and header, a guide's Date, the pairings' Date).
 *
 * @example checkDate('2026.02.30') // { ok: false, error: '"2026.02.30" is not a date: February 2026 has 28 days' }
 */
export function checkDate(text: string): { ok: true; date: string } | { ok: false; error: string } {
  const m = /^(\d{4}|\?{4})\.(\d{2}|\?\?)\.(\d{2}|\?\?)$/.exec(text.trim());
  if (!m) return { ok: false, error: `"${text}" is not a date as PDN writes it: YYYY.MM.DD, e.g. 2026.11.24, with ? for what the scoresheet does not say (1975.??.??)` };
  const [year, month, day] = [m[1], m[2], m[3]].map((p) => (p.startsWith('?') ? undefined : Number(p)));
  const none = (why: string) => ({ ok: false as const, error: `"${m[0]}" is not a date: ${why}` });
  if (year === 0) return none('there is no year 0; the first year is 0001');
  if (month !== undefined && (month < 1 || month > 12)) return none(`there is no month ${m[2]}; months are 01 to 12`);
  const days = month === undefined ? 31 : daysIn(month, year);
  if (day === 0) return none('there is no day 00; days start at 01');
  if (day !== undefined && day > days) return none(month === undefined ? `there is no day ${m[3]} in any month` : `${MONTHS[month - 1]}${year === undefined ? '' : ` ${m[1]}`} has ${days} days`);
  return { ok: true, date: m[0] };
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The days of `month` (1-12) in `year`; an unknown year may be a leap year. */
function daysIn(month: number, year: number | undefined): number {
  if (month !== 2) return [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  const leap = year === undefined || (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0));
  return leap ? 29 : 28;
}
