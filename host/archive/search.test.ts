// Searching the archive (search.ts), on an archive of real games (test/fixtures/oracles/games,
// with their provenance there): the NK 2009's rounds 1 and 2, the X USSR championship of 1950
// (dated "1950." in its file: 1950.??.?? in the archive) and the Open Checkers Archive's
// English games of the 1840s ("1847-??-??").
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { variants } from '../../rules/index.ts';
import { importPdn } from './import.ts';
import { boardOf } from './entry.ts';
import { searchDate, searchGames } from './search.ts';
import { readIndex } from './store.ts';
import type { ArchivedGame } from './entry.ts';

const games = fileURLToPath(new URL('../../test/fixtures/oracles/games/', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'dambord-archive-search-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
importPdn(work, [path.join(games, 'nk ronde 01.pdn'), path.join(games, 'nk ronde 02.pdn')]);
importPdn(work, [path.join(games, 'ussr1947.pdn')], { variant: variants.russian });
importPdn(work, [path.join(games, 'OCA_2.0.pdn')], { variant: variants.english });
const index = readIndex(work);
const pairs = (found: ArchivedGame[]) => found.map((g) => `${g.white} - ${g.black}`);

describe('searchGames: a player as the archive reads names', () => {
  it.each(['Derkx', 'derkx', 'derkx b', 'B. Derkx', 'Derkx,B.', 'DERKX, B'])('%j finds both games of Derkx,B.', (name) => {
    expect(pairs(searchGames(index, { player: name }))).toEqual(['Derkx, B. - Meijer, Hein', 'Derkx, B. - Zweerink, J.']);
  });

  it('a surname finds a player whose surname has a prefix (Akker, J. van den), given names must begin the player\'s', () => {
    expect(pairs(searchGames(index, { player: 'Akker' }))).toEqual(['Heusdens, R. - Akker, J. van den', 'Akker, J. van den - Luteijn, F.']);
    expect(pairs(searchGames(index, { player: 'van den Akker' }))).toHaveLength(2);
    expect(searchGames(index, { player: 'Derkx, J.' })).toEqual([]);
    expect(pairs(searchGames(index, { player: 'Hein Meijer' }))).toEqual(['Derkx, B. - Meijer, Hein', 'Meijer, Hein - Thijssen, K.']);
    expect(searchGames(index, { player: 'Meijer, H.' })).toHaveLength(2);
  });

  it('Cyrillic names, written "Surname I." in the source: the surname finds both Blinders (Б. and С.), the initial one', () => {
    const players = (found: ArchivedGame[]) => [...new Set(found.flatMap((g) => [g.white, g.black]).filter((p) => p.startsWith('Блиндер')))].sort();
    expect(players(searchGames(index, { player: 'Блиндер' }))).toEqual(['Блиндер Б.', 'Блиндер С.']);
    const plays = (found: ArchivedGame[], who: string) => found.length > 0 && found.every((g) => g.white === who || g.black === who);
    expect(plays(searchGames(index, { player: 'Блиндер Б.' }), 'Блиндер Б.')).toBe(true);
    expect(plays(searchGames(index, { player: 'блиндер с' }), 'Блиндер С.')).toBe(true);
    expect(searchGames(index, { player: 'Блиндер Б.' }).length).toBeLessThan(searchGames(index, { player: 'Блиндер' }).length);
  });
});

describe('searchGames: event and dates', () => {
  it('the event by part of its name, any case; "no event" the games of none', () => {
    expect(searchGames(index, { event: 'NK' })).toHaveLength(14);
    expect(searchGames(index, { event: 'чемпионат' })).toHaveLength(index.games.filter((g) => g.event === 'X чемпионат СССР').length);
    expect(searchGames(index, { event: 'no event' }).every((g) => g.event === '')).toBe(true);
  });

  it('dates inclusive; a date with ?? parts is found when one of its days is in the range', () => {
    expect(searchGames(index, { from: '2009.04.09', to: '2009.04.09' })).toHaveLength(7);
    expect(searchGames(index, { from: '2009.04.09' }).filter((g) => g.event === 'nk')).toHaveLength(7);
    const ussr = index.games.filter((g) => g.date === '1950.??.??').length;
    expect(ussr).toBeGreaterThan(100);
    expect(searchGames(index, { from: '1950.12.31', to: '1950.12.31' })).toHaveLength(ussr);
    expect(searchGames(index, { from: '1950.06.01', to: '1951.01.01' })).toHaveLength(ussr);
    expect(searchGames(index, { from: '1951.01.01', to: '1960.01.01' })).toEqual([]);
    const years = (found: ArchivedGame[]) => [...new Set(found.map((g) => g.date))].sort();
    expect(years(searchGames(index, { to: '1847.01.01' }))).toEqual(['1841.??.??', '1842.??.??', '1844.??.??', '1847.??.??']);
    expect(years(searchGames(index, { from: '1847.12.31', to: '1849.01.01' }))).toEqual(['1847.??.??', '1849.??.??']);
  });

  it('all together (AND), in the order of their dates', () => {
    const found = searchGames(index, { player: 'Derkx', event: 'nk', from: '2009.04.09' });
    expect(pairs(found)).toEqual(['Derkx, B. - Zweerink, J.']);
    const dates = searchGames(index, {}).map((g) => g.date);
    expect(dates).toEqual([...dates].sort());
  });
});

describe('searchDate, boardOf', () => {
  it.each([['2009.04.08', '2009.04.08'], ['2009-04-08', '2009.04.08'], [' 2024.02.29 ', '2024.02.29']])('%j is %j', (text, date) => {
    expect(searchDate(text)).toEqual({ ok: true, date });
  });

  it.each(['2023.02.29', '2009.13.01', '2009.4.8', '08.04.2009', '2009', '2009.??.??', ''])('%j is not a date', (text) => {
    expect(searchDate(text)).toEqual({ ok: false, error: `"${text}" is not a date: write it YYYY.MM.DD, as 2009.04.08` });
  });

  it('the board from the folder dambord event keeps a game in', () => {
    const g = index.games[0];
    expect(boardOf('NK/round-3/board-07/game.pdn')).toBe(7);
    expect(boardOf(g.file)).toBeUndefined();
  });
});
