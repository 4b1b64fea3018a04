// The values of the seven-tag roster in strict PDN 3.0, which takes them over from PGN (8.1.1):
// Date "YYYY.MM.DD" with "??" for a part not known ("????.??.??" when nothing is), Round "?" when
// not known, and "?" for an unknown Event, Site, White or Black.
import { describe, expect, it } from 'vitest';
import { readPdn, writePdn } from './game.ts';
import { rosterValue } from './roster.ts';

describe('rosterValue', () => {
  it.each([
    ['2006.12.02', '2006.12.02'],
    ['1841-??-??', '1841.??.??'],
    ['1950.', '1950.??.??'],
    ['1950', '1950.??.??'],
    ['1950.06', '1950.06.??'],
    ['2006/5/3', '2006.05.03'],
    ['2006-05-03', '2006.05.03'],
    ['????.??.??', '????.??.??'],
    ['?', '????.??.??'],
    ['', '????.??.??'],
    [' 1950. ', '1950.??.??'],
  ])('Date %j is written %j', (date, strict) => {
    expect(rosterValue('Date', date)).toBe(strict);
  });

  it('writes a missing Date as wholly unknown', () => {
    expect(rosterValue('Date', undefined)).toBe('????.??.??');
  });

  it.each(['3 May 2006', '13.05.2006', '2006.13.01', '2006.02.32', 'spring 1950'])('keeps %j, whose parts cannot be told apart as year, month and day', (date) => {
    expect(rosterValue('Date', date)).toBe(date);
  });

  it.each(['Round', 'Event', 'Site', 'White', 'Black'])('writes %s "?" when it is empty or missing, and keeps a value', (name) => {
    expect(rosterValue(name, '')).toBe('?');
    expect(rosterValue(name, '  ')).toBe('?');
    expect(rosterValue(name, undefined)).toBe('?');
    expect(rosterValue(name, '-')).toBe('-');
    expect(rosterValue(name, '3')).toBe('3');
  });
});

describe('writePdn writes the roster strictly', () => {
  it('the Date and Round of ussr1947.pdn ("1950.", "") as "1950.??.??" and "?"', () => {
    const [g] = readPdn('[Event "URS-ch19"]\n[Date "1950."]\n[Round ""]\n[GameType "25"]\n1. c3-d4 *\n').games;
    expect(writePdn(g)).toMatch(/^\[Event "URS-ch19"\]\n\[Site "\?"\]\n\[Date "1950\.\?\?\.\?\?"\]\n\[Round "\?"\]\n/);
  });
});
