import { describe, expect, it } from 'vitest';
import { MAX_NAME, archivePath, folderName, gameFiles, legacyArchivePath, safeName } from './archive.ts';

describe('archivePath', () => {
  it('lays the archive out by event, round and board, the board with two digits', () => {
    expect(archivePath('archive', { event: 'NK 2025', round: '3', board: 7 })).toBe('archive/NK 2025/round-3/board-07');
    expect(archivePath('archive', { event: 'NK 2025', round: '3', board: 12 })).toBe('archive/NK 2025/round-3/board-12');
    expect(archivePath('archive', { event: 'Open', round: '9', board: 120 })).toBe('archive/Open/round-9/board-120');
  });

  it('joins the root whatever it ends with', () => {
    const where = { event: 'Open', round: '1', board: 1 };
    expect(archivePath('/var/lib/dambord/', where)).toBe('/var/lib/dambord/Open/round-1/board-01');
    expect(archivePath('/', where)).toBe('/Open/round-1/board-01');
    expect(archivePath('', where)).toBe('Open/round-1/board-01');
    expect(archivePath('C:\\Toernooien\\', where)).toBe('C:\\Toernooien/Open/round-1/board-01');
  });

  it('names an unknown event `no event` and an unknown round `no round`, as the club archive does (issue 29)', () => {
    for (const event of [null, '', '?', '  ', '???']) expect(archivePath('a', { event, round: '2', board: 3 })).toBe('a/no event/round-2/board-03');
    for (const round of [null, '', '?']) expect(archivePath('a', { event: 'Open', round, board: 3 })).toBe('a/Open/no round/board-03');
  });

  it('makes the event and round safe for every file system, a hash of the exact name after a name made safe', () => {
    expect(archivePath('a', { event: 'NK 2024/25: "finale"', round: '3/4', board: 1 })).toMatch(/^a\/NK 2024-25- 'finale'~[0-9a-f]{8}\/round-3-4~[0-9a-f]{8}\/board-01$/);
    expect(archivePath('a', { event: '../../etc', round: '..', board: 1 })).toMatch(/^a\/etc~[0-9a-f]{8}\/no round\/board-01$/);
    expect(archivePath('a', { event: '-- Open --', round: '-1-', board: 1 })).toMatch(/^a\/Open~[0-9a-f]{8}\/round--1~[0-9a-f]{8}\/board-01$/);
    expect(archivePath('a', { event: 'Ronde 1.1', round: 'Final A', board: 2 })).toBe('a/Ronde 1.1/round-Final A/board-02');
  });

  it('gives two events, or two rounds, that make the same safe name their own folders', () => {
    const folder = (event: string, round = '1') => archivePath('a', { event, round, board: 1 });
    const names = ['Open A:B', 'Open A/B', 'Open A-B', 'Open A|B', 'Open  A-B', 'open a-b', 'event', 'Event', '?', 'x'.repeat(81), `${'x'.repeat(80)}y`];
    expect(new Set(names.map((n) => folder(n))).size).toBe(names.length);
    expect(folder('Open A:B')).toBe(folder('Open A:B'));
    expect(folder('Open A:B')).toMatch(/^a\/Open A-B~[0-9a-f]{8}\//);
    expect(folder('Open A-B')).toBe('a/Open A-B/round-1/board-01');
    expect(new Set(['3/4', '3:4', '3-4'].map((r) => folder('Open', r))).size).toBe(3);
  });

  it('never lets a name climb out of the root', () => {
    for (const event of ['..', '.', '../x', '/abs', 'a\\..\\b', '\u0000', '.hidden']) {
      const parts = archivePath('root', { event, round: event, board: 1 }).split('/');
      expect(parts[0]).toBe('root');
      for (const p of parts.slice(1)) {
        expect(p).not.toMatch(/^\./);
        // eslint-disable-next-line no-control-regex
        expect(p).not.toMatch(/[/\\:*?"<>|\u0000-\u001f]/);
      }
    }
  });

  it('throws for a board that is not a whole number from 1 up', () => {
    for (const board of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => archivePath('a', { event: 'E', round: '1', board })).toThrow(RangeError);
  });
});

describe('safeName', () => {
  it('writes every run of characters no file system takes as one dash', () => {
    expect(safeName('a/b\\c:d*e?f<h>i|j', 'x')).toBe('a-b-c-d-e-f-h-i-j');
    expect(safeName('"Kees"', 'x')).toBe("'Kees'");
    expect(safeName('a//::b', 'x')).toBe('a-b');
    expect(safeName('tab\there\nnewline\u0007bell', 'x')).toBe('tab here newline-bell');
  });

  it('trims, collapses whitespace, drops leading dots and trailing dots and spaces', () => {
    expect(safeName('  NK   2025  ', 'x')).toBe('NK 2025');
    expect(safeName('...hidden', 'x')).toBe('hidden');
    expect(safeName('Open.  ', 'x')).toBe('Open');
    expect(safeName('. .', 'x')).toBe('x');
  });

  it('keeps Unicode, in its composed form', () => {
    expect(safeName('Kampioenschap Zuid-Holland ♔ 2025', 'x')).toBe('Kampioenschap Zuid-Holland ♔ 2025');
    expect(safeName('Чемпионат России', 'x')).toBe('Чемпионат России');
    expect(safeName('Cafe\u0301 Łódź 戴尔 🏆', 'x')).toBe('Café Łódź 戴尔 🏆');
    expect(safeName('Cafe\u0301', 'x')).toHaveLength(4);
  });

  it('cuts a long name at 80 characters, never inside a character', () => {
    expect(safeName('x'.repeat(200), 'e')).toBe('x'.repeat(MAX_NAME));
    const emoji = safeName('🏆'.repeat(100), 'e');
    expect(Array.from(emoji)).toHaveLength(MAX_NAME);
    expect(emoji).toBe('🏆'.repeat(MAX_NAME));
    expect(safeName(`${'a'.repeat(79)} b`, 'e')).toBe('a'.repeat(79));
  });

  it('prefixes Windows device names', () => {
    expect(safeName('CON', 'x')).toBe('_CON');
    expect(safeName('nul.txt', 'x')).toBe('_nul.txt');
    expect(safeName('com1', 'x')).toBe('_com1');
    expect(safeName('Console', 'x')).toBe('Console');
  });

  it('falls back on an empty name, or one of nothing but unsafe characters', () => {
    for (const t of ['', '   ', '?', '???', '//', '...']) expect(safeName(t, 'event')).toBe('event');
  });
});

describe('folderName', () => {
  it('keeps a name that is safe as it is, and the fallback for a name that says nothing', () => {
    for (const name of ['NK 2025', 'Kampioenschap Zuid-Holland ♔ 2025', 'round-3.1', 'Open A-B']) expect(folderName(name, 'event')).toBe(name);
    for (const name of ['', '  ', '?', '???', '...']) expect(folderName(name, 'event')).toBe('event');
  });

  it('hashes a name that looks like the fallback or like a hashed folder, ignoring case', () => {
    for (const name of ['event', 'EVENT', 'Open~0123abcd', 'Open~0123ABCD']) expect(folderName(name, 'event')).toMatch(new RegExp(`^${name}~[0-9a-f]{8}$`));
  });

  it('takes a name in its composed form as the same name, and cuts a long one to 80 characters with its hash', () => {
    expect(folderName('Cafe\u0301', 'x')).toBe('Café');
    const long = folderName('🏆'.repeat(100), 'e');
    expect(Array.from(long)).toHaveLength(MAX_NAME);
    expect(long).toMatch(/^🏆{71}~[0-9a-f]{8}$/u);
    expect(folderName('🏆'.repeat(100), 'e')).not.toBe(folderName('🏆'.repeat(101), 'e'));
  });

  it('gives the folders archives already written have: the hash is the SHA-256 of the name', () => {
    expect(folderName('Open A:B', 'event')).toBe('Open A-B~26088ee6');
    expect(folderName('Tournoi d’été: Ñandú', 'event')).toBe('Tournoi d’été- Ñandú~ae9a4ada');
  });
});

describe('legacyArchivePath', () => {
  it('is the folder earlier versions gave a board: each name made safe alone', () => {
    expect(legacyArchivePath('a', { event: 'Open A:B', round: '1', board: 1 })).toBe('a/Open A-B/round-1/board-01');
    expect(legacyArchivePath('a', { event: 'Open A/B', round: '3/4', board: 12 })).toBe('a/Open A-B/round-3-4/board-12');
    expect(legacyArchivePath('a', { event: 'NK 2025', round: '3', board: 7 })).toBe(archivePath('a', { event: 'NK 2025', round: '3', board: 7 }));
  });
});

describe('gameFiles', () => {
  it('names the journal and the PDN scoresheet in a board folder', () => {
    const dir = archivePath('archive', { event: 'NK 2025', round: '3', board: 7 });
    expect(gameFiles(dir)).toEqual({ journal: 'archive/NK 2025/round-3/board-07/game.journal', pdn: 'archive/NK 2025/round-3/board-07/game.pdn' });
    expect(gameFiles('dir/')).toEqual({ journal: 'dir/game.journal', pdn: 'dir/game.pdn' });
  });
});
