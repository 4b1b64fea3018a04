// PDN dates checked as dates (issue 26, finding 10): a known date must be a day of the calendar
// (2026.02.30, 2026.04.31 and 0000.01.01 are none), with ? for the parts a scoresheet does not say.
import { describe, expect, it } from 'vitest';
import { checkDate } from './date.ts';

describe('checkDate: dates checked as dates', () => {
  it.each(['2026.11.24', '2024.02.29', '2000.02.29', '0001.01.01', '9999.12.31', '1975.??.??', '????.??.??', '????.02.29', '2026.??.31', '2026.04.??', ' 2026.04.30 '])('%s is a date', (d) => {
    expect(checkDate(d)).toEqual({ ok: true, date: d.trim() });
  });

  it.each([
    ['2026.02.30', 'February 2026 has 28 days'],
    ['2026.04.31', 'April 2026 has 30 days'],
    ['2025.02.29', 'February 2025 has 28 days'],
    ['1900.02.29', 'February 1900 has 28 days'],
    ['????.02.30', 'February has 29 days'],
    ['0000.01.01', 'there is no year 0; the first year is 0001'],
    ['2026.13.01', 'there is no month 13; months are 01 to 12'],
    ['2026.00.10', 'there is no month 00; months are 01 to 12'],
    ['2026.01.00', 'there is no day 00; days start at 01'],
    ['2026.??.32', 'there is no day 32 in any month'],
  ])('%s is none: %s', (d, why) => {
    expect(checkDate(d)).toEqual({ ok: false, error: `"${d}" is not a date: ${why}` });
  });

  it('a date not written as PDN writes it says how to write it', () => {
    expect(checkDate('11-04-2026')).toEqual({ ok: false, error: '"11-04-2026" is not a date as PDN writes it: YYYY.MM.DD, e.g. 2026.11.24, with ? for what the scoresheet does not say (1975.??.??)' });
  });
});
