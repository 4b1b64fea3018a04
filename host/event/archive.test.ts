import { describe, expect, it } from 'vitest';
import { MAX_NAME, archivePath, gameFiles, safeName } from './archive.ts';

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

  it('names an unknown event `event` and an unknown round `round`', () => {
    for (const event of [null, '', '?', '  ', '???']) expect(archivePath('a', { event, round: '2', board: 3 })).toBe('a/event/round-2/board-03');
    for (const round of [null, '', '?']) expect(archivePath('a', { event: 'Open', round, board: 3 })).toBe('a/Open/round/board-03');
  });

  it('makes the event and round safe for every file system', () => {
    expect(archivePath('a', { event: 'NK 2024/25: "finale"', round: '3/4', board: 1 })).toBe("a/NK 2024-25- 'finale'/round-3-4/board-01");
    expect(archivePath('a', { event: '../../etc', round: '..', board: 1 })).toBe('a/etc/round/board-01');
    expect(archivePath('a', { event: '-- Open --', round: '-1-', board: 1 })).toBe('a/Open/round-1/board-01');
    expect(archivePath('a', { event: 'Ronde 1.1', round: 'Final A', board: 2 })).toBe('a/Ronde 1.1/round-Final A/board-02');
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

describe('gameFiles', () => {
  it('names the journal and the PDN scoresheet in a board folder', () => {
    const dir = archivePath('archive', { event: 'NK 2025', round: '3', board: 7 });
    expect(gameFiles(dir)).toEqual({ journal: 'archive/NK 2025/round-3/board-07/game.journal', pdn: 'archive/NK 2025/round-3/board-07/game.pdn' });
    expect(gameFiles('dir/')).toEqual({ journal: 'dir/game.journal', pdn: 'dir/game.pdn' });
  });
});
