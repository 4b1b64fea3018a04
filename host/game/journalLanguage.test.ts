// The journal's messages in the journal's language: an irregularity's sentence is journaled and
// checked word for word on a resume, so a journal resumes in the language it was written in (its
// header's `lang`), and the journals written before the language was recorded resume in English.
// The page's sentences of the same game (the view) are in the game's language too.

import { describe, expect, it } from 'vitest';
import { SquareSet, parseFen, variants } from '../../rules/index.ts';
import { JOURNAL_FORMAT, parseJournal, writeJournal } from './journal/record.ts';
import type { JournalEntry, JournalHeader } from './journal/record.ts';
import { tournament } from './referee/policy.ts';
import { resumeGame } from './resume.ts';
import type { GameState } from './game.ts';
import { gameView } from './view.ts';
import { step } from './step.ts';
import { journaledGame } from './testing/journaled.ts';
import type { Language } from '../words/catalogue.ts';

const intl = variants.international;
const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

/** A journal as dambord wrote it before the language was recorded: White touched 31, then played 32-28 (touch-move). */
const OLD_JOURNAL = [
  '{"n":0,"k":"header","format":1,"variant":"international","start":"W:W31-50:B1-20","policy":"tournament","tags":[],"timeControl":null,"created":"2026-11-24T10:00:00.000Z","t0":0,"crc":"9d265dfa"}',
  '{"n":1,"k":"ev","e":{"type":"lift","square":30,"t":1500},"crc":"7a2b5a31"}',
  '{"n":2,"k":"ev","e":{"type":"place","square":30,"t":2500},"crc":"7e458533"}',
  '{"n":3,"k":"ev","e":{"type":"lift","square":31,"t":3500},"crc":"7fdf4f4f"}',
  '{"n":4,"k":"ev","e":{"type":"place","square":27,"t":4500},"crc":"dcb0f1e3"}',
  '{"n":5,"k":"out","o":{"type":"irregularity","code":"touch-move","article":"5.4.3","squares":[30,31],"decision":"decide","message":"White touched one piece and moved another: the touched piece must be played (31, 32).","t":4500},"crc":"414e014f"}',
  '',
].join('\n');

/** The same game played in `lang`: its journal's header and entries. */
function touchMoveGame(lang: Language): { header: JournalHeader; entries: JournalEntry[]; state: GameState } {
  const start = parseFen(intl, intl.startFen);
  if (!start.ok) throw new Error(start.error.reason);
  const game = journaledGame({ start: start.position, policy: tournament, players: { white: 'Wit', black: 'Zwart' }, tags: [], timeControl: null, hints: false, lang });
  const { entries, input } = game;
  const occupancy = SquareSet.from([...start.position.board.keys()].filter((i) => start.position.board[i] !== 0));
  input({ type: 'board', event: { type: 'link', state: 'connected', hello: { fw: '2.0.0', squares: 50, buttons: 4, caps: [], ring: 64, boot: 1, extra: {} }, occupancy, buttons: [], t: 0 } });
  let seq = 0;
  for (const [type, n] of [['lift', 31], ['place', 31], ['lift', 32], ['place', 28]] as const) input({ type: 'board', event: { type, square: n - 1, t: game.t + 500, seq: ++seq, source: 'board' } });
  const header = { format: JOURNAL_FORMAT, variant: 'international' as const, start: intl.startFen, policy: 'tournament' as const, lang, tags: [], timeControl: null, created: '2026-11-24T10:00:00.000Z', t0: 0 };
  return { header, entries, state: game.state };
}

describe("the journal's messages in the journal's language", () => {
  it('a journal written before the language was recorded resumes word for word, in English', () => {
    const r = resumeGame(parseJournal(bytes(OLD_JOURNAL)));
    if (!r.ok) throw new Error(r.reason);
    expect(r.header.lang).toBeUndefined();
    expect(r.state.irregularity?.message).toBe('White touched the piece on 31 and moved the piece on 32 instead: the touched piece must be played.');
    // Written again, it is the same journal: English is not recorded.
    expect(writeJournal(r.header, parseJournal(bytes(OLD_JOURNAL)).entries)).toBe(OLD_JOURNAL);
  });

  it('a Dutch journal records its language and resumes with its Dutch messages', () => {
    const { header, entries } = touchMoveGame('nl');
    const text = writeJournal(header, entries);
    expect(text.split('\n')[0]).toContain('"lang":"nl"');
    expect(text).toContain('"message":"Wit raakte een stuk aan en speelde een ander: het aangeraakte stuk moet gespeeld worden (31, 32)."');
    const r = resumeGame(parseJournal(bytes(text)));
    if (!r.ok) throw new Error(r.reason);
    expect(r.state.config.lang).toBe('nl');
    expect(r.state.irregularity?.message).toBe('Wit raakte het stuk op 31 aan, maar speelde het stuk op 32: het aangeraakte stuk moet gespeeld worden.');
    // Without its language the journal's facts still agree (a sentence is only their wording):
    // the game resumes, saying its sentences in English from then on.
    const { lang: _nl, ...unnamed } = header;
    const english = resumeGame(parseJournal(bytes(writeJournal(unnamed, entries))));
    if (!english.ok) throw new Error(english.reason);
    expect(english.state.config.lang).toBe('en');
    expect(english.state.irregularity?.message).toMatch(/^White touched/);
  });

  it('a journal whose facts differ from the referee\'s is refused, whatever its words', () => {
    const { header, entries } = touchMoveGame('nl');
    const forged = entries.map((e) => (e.k === 'out' && e.o.type === 'irregularity' ? { ...e, o: { ...e.o, code: 'two-moves' as const } } : e));
    expect(forged).not.toEqual(entries);
    const r = resumeGame(parseJournal(bytes(writeJournal(header, forged))));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toContain('the journal has irregularity two-moves');
  });

  it('a header naming no language dambord knows is refused', () => {
    const { header, entries } = touchMoveGame('nl');
    const read = parseJournal(bytes(writeJournal({ ...header, lang: 'xx' as Language }, entries)));
    expect(read.header).toBeNull();
  });

  it("the page's sentences of the same game are Dutch too: the irregularity, its choices and the log", () => {
    const { state } = touchMoveGame('nl');
    const view = gameView(state, 0, { health: null, simulated: true });
    expect(view.irregularity).toMatchObject({
      message: 'Wit raakte het stuk op 31 aan, maar speelde het stuk op 32: het aangeraakte stuk moet gespeeld worden.',
      choices: { accept: '32-28 blijft staan en Zwart is aan zet', correct: 'de stelling ervoor wordt teruggezet en Wit speelt opnieuw, met het stuk op 31 (aangeraakt, 3.11)' },
      required: 'Wit moet het stuk op 31 spelen (aangeraakt, 3.11)',
    });
    expect(view.log).toEqual([
      'verbinding gemaakt',
      'het bord toont de beginstelling: spelen',
      'Onregelmatigheid, artikel 5.4.3 (touch-move): Wit raakte het stuk op 31 aan, maar speelde het stuk op 32: het aangeraakte stuk moet gespeeld worden. Zwart beslist: accepteren of laten herstellen.',
    ]);
  });

  it("a finished game's result reason is the words after a resume, as before it, in the game's language", () => {
    for (const [lang, words] of [['en', 'resignation'], ['nl', 'opgave']] as const) {
      const { header, entries, state } = touchMoveGame(lang);
      const r = step(state, { type: 'player', command: { type: 'resign', color: 'black' } }, 1_000_000);
      for (const e of r.effects) if (e.type === 'journal') entries.push(...e.entries);
      const before = gameView(r.state, 0, { health: null, simulated: true }).result;
      const resumed = resumeGame(parseJournal(bytes(writeJournal(header, entries))));
      if (!resumed.ok) throw new Error(resumed.reason);
      const after = gameView(resumed.state, 0, { health: null, simulated: true }).result;
      expect(after).toEqual(before);
      expect(after?.reason).toBe(words);
    }
  });

  it("the link's changes in the log say why in the game's language, English word for word", () => {
    for (const [lang, said] of [['en', 'link lost (heartbeat)'], ['nl', 'verbinding verbroken (geen hartslag)']] as const) {
      const { state } = touchMoveGame(lang);
      const r = step(state, { type: 'board', event: { type: 'link', state: 'lost', reason: 'heartbeat', detail: 'no valid line for 3000 ms', t: 9000 } }, 9000);
      expect(r.state.log.at(-1)).toBe(said);
    }
  });

  it('a Dutch journal whose header is damaged is rebuilt in Dutch, and the log says how in Dutch', () => {
    const { header, entries } = touchMoveGame('nl');
    const damaged = writeJournal(header, entries).replace('"variant":"international"', '"variant":"intern\u00f6\u00f6ional"');
    const r = resumeGame(parseJournal(bytes(damaged)));
    if (!r.ok) throw new Error(r.reason);
    expect(r.header.lang).toBe('nl');
    expect(r.rebuilt).toMatch(/; the game was rebuilt from its events: variant international \(taken as default\), start .* \(as the damaged header shows it\), policy tournament \(as the damaged header shows it\); checked against the 1 output the journal records; no tag could be read$/);
    expect(r.state.log.at(-1)).toMatch(/^de kop van het journaal was beschadigd; de partij is opnieuw opgebouwd uit haar gebeurtenissen: variant international \(standaard genomen\), beginstelling .* \(zoals de beschadigde kop het toont\), regels tournament \(zoals de beschadigde kop het toont\); getoetst aan de 1 uitvoer die het journaal vastlegt; geen tag kon worden gelezen$/);
  });
});
