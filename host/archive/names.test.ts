// Players' names normalised: the forms of one player are one key and one shown form; names
// differing in surname, or initials against a given name, are never one.
import { describe, expect, it } from 'vitest';
import { NameBook, playerName } from './names.ts';

describe('playerName', () => {
  it.each([
    ['Derkx,B.', 'Derkx, B.'],
    ['Derkx, B.', 'Derkx, B.'],
    ['DERKX, B', 'Derkx, B.'],
    ['B. Derkx', 'Derkx, B.'],
    ['  Derkx ,  B . ', 'Derkx, B.'],
    ['Smith, B. J.', 'Smith, B.J.'],
    ['B.J. Smith', 'Smith, B.J.'],
    ['Akker,van den,J.', 'Akker, J. van den'],
    ['J. van den Akker', 'Akker, J. van den'],
    ["O'NEIL, J", "O'Neil, J."],
    ['NDJOFANG, J-M', 'Ndjofang, J.-M.'],
    ['Meijer,Hein', 'Meijer, Hein'],
    ['Блиндер Б.', 'Блиндер Б.'],
    ['Коган М', 'Коган М.'],
    ['Šoltýs, P.', 'Šoltýs, P.'],
    ['LASCAR', 'LASCAR'],
    ['Hein Meijer', 'Hein Meijer'],
    ['?', '?'],
    ['', '?'],
  ])('%j is shown %j', (written, shown) => {
    expect(playerName(written).shown).toBe(shown);
  });

  it.each([
    [['Derkx,B.', 'Derkx, B.', 'DERKX, B', 'B. Derkx', 'Derkx B.', 'derkx, b']],
    [['Akker,van den,J.', 'Akker, J. van den', 'J. van den Akker', 'AKKER, J. VAN DEN']],
    [['Šoltýs, P.', 'Soltys, P', 'SOLTYS, P.']],
    [['Коган М', 'Коган М.', 'Коган, М.']],
    [['Ndjofang, J.-M.', 'Ndjofang, J-M', 'J.-M. Ndjofang']],
  ])('one player: %j', (forms) => {
    expect(new Set(forms.map((f) => playerName(f).key)).size).toBe(1);
  });

  it.each([
    ['Derkx, B.', 'Dirkx, B.'],
    ['Derkx, B.', 'Derkx, J.'],
    ['Derkx, B.', 'Derkx, Bert'],
    ['Derkx, B.', 'Derkx'],
    ['Akker, J. van den', 'Akker, J.'],
    ['Meijer, Hein', 'Hein Meijer'],
    ['Лобанов Й.', 'Лобанов И.'],
    ['?', 'Derkx, B.'],
  ])('not one player: %j and %j', (a, b) => {
    expect(playerName(a).key).not.toBe(playerName(b).key);
  });
});

describe('NameBook', () => {
  it('shows each player as first met, and reports the other forms met', () => {
    const book = new NameBook();
    expect(book.name('Derkx, B.').shown).toBe('Derkx, B.');
    expect(book.name('DERKX,B').shown).toBe('Derkx, B.');
    expect(book.name('B. Derkx').shown).toBe('Derkx, B.');
    expect(book.name('Meijer, Hein').shown).toBe('Meijer, Hein');
    expect(book.name('?')).toEqual({ key: '', shown: '?' });
    expect(book.merges()).toEqual([{ shown: 'Derkx, B.', written: ['DERKX,B', 'B. Derkx'] }]);
  });

  it('keeps the shown forms of the archive from one import to the next', () => {
    const first = new NameBook();
    first.name('Derkx B.');
    const next = new NameBook(first.toJSON());
    expect(next.name('Derkx, B.').shown).toBe('Derkx B.');
    expect(next.merges()).toEqual([{ shown: 'Derkx B.', written: ['Derkx, B.'] }]);
  });
});

describe('NameBook, forms not noted', () => {
  it('shows a player met first in a game not taken in, and reports no form of it', () => {
    const book = new NameBook();
    expect(book.name('DERKX, B', false).shown).toBe('Derkx, B.');
    expect(book.name('Derkx,B.').shown).toBe('Derkx, B.');
    expect(book.merges()).toEqual([{ shown: 'Derkx, B.', written: ['Derkx,B.'] }]);
  });
});
