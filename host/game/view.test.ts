// The page's view as the players, the arbiter and the club secretary read it (dambord issue 13):
// games played here by hand, positions and hand events written from the rules.

import { describe, expect, it } from 'vitest';
import { parseFen, variants } from '../../rules/index.ts';
import { eventsOf, parseActionScript } from '../script/actions.ts';
import { tournament } from './referee/policy.ts';
import { replayEvents } from './replay.ts';
import type { GameState, PlayerCommand } from './game.ts';
import { step } from './step.ts';
import { gameView, pdnName } from './view.ts';
import type { PlayView } from './types.ts';
import type { Language } from '../words/catalogue.ts';
import { sayWords } from '../words/said.ts';
import type { Said } from '../words/said.ts';

const intl = variants.international;
const TAGS = [{ name: 'Event', value: '?' }, { name: 'Site', value: 'Utrecht NED' }, { name: 'Date', value: '2026.11.24' }, { name: 'Round', value: '-' }];

/** The game after the hands of `script` on an international board from `fen`. */
function played(script: string, fen = intl.startFen, lang: Language = 'en'): GameState {
  const start = parseFen(intl, fen);
  if (!start.ok) throw new Error(start.error.reason);
  const parsed = parseActionScript(script, intl);
  if (!parsed.ok) throw new Error(parsed.reason);
  const config = { start: start.position, policy: tournament, players: { white: 'Wit', black: 'Zwart' }, tags: TAGS, timeControl: null, hints: false, lang };
  return replayEvents(config, eventsOf(parsed.actions).map((e) => e.event)).state;
}

const view = (s: GameState): PlayView => gameView(s, 0, { health: null, simulated: true });
const square = (v: PlayView, name: string) => v.squares.find((q) => q.name === name)!;
const command = (s: GameState, c: PlayerCommand): GameState => step(s, { type: 'player', command: c }, 1_000_000).state;

describe('FMJD 5.4: an irregularity says who decides and what each choice does', () => {
  // White touches 33, puts it back, and plays 32-28 instead (5.4.3).
  const touched = 'lift 33\nplace 33\nlift 32\nplace 28\n';

  it('waiting for the decision: Black decides; accept lets 32-28 stand, correct puts the position back with 33 to be played', () => {
    const irr = view(played(touched)).irregularity;
    expect(irr).toMatchObject({
      code: 'touch-move',
      article: '5.4.3',
      message: 'White touched the piece on 33 and moved the piece on 32 instead: the touched piece must be played.',
      decision: 'decide',
      status: 'pending',
      decides: 'black',
      choices: { accept: '32-28 stands and Black moves next', correct: 'the position before it is put back and White plays again, with the piece on 33 (touched, 3.11)' },
      required: 'White must play the piece on 33 (touched, 3.11)',
    });
  });

  it('after Correct: being corrected, no choices left, and the guidance says the next steps in one sentence', () => {
    const v = view(played(`${touched}press correct\n`));
    expect(v.irregularity).toMatchObject({ status: 'correcting', decides: 'black', choices: null });
    expect(v.guidance).toMatchObject({ kind: 'correction', clear: ['28'], fill: ['32'], message: 'Put the position back: take the piece off 28 and put a white man on 32.' });
  });

  it('5.8: once put back, the obligation carried over is shown on the page and marked on its square', () => {
    const v = view(played(`${touched}press correct\nlift 28\nplace 32\n`));
    expect(v.irregularity).toBeNull();
    expect(v.guidance).toBeNull();
    expect(v.obligation).toMatchObject({ side: 'white', square: '33', article: '3.11', message: 'White must play the piece on 33 (touched, 3.11).' });
    expect(square(v, '33')).toMatchObject({ mark: 'obligation', led: 'alternate' });
    expect(v.moves).toEqual([]);
    expect(v.pdn.replace(/\s+/g, ' ')).toContain('{White must still play the piece on 33 (touched, 3.11).}');
  });

  it('5.4.6: a capture missed names the capture the rules require, in PDN, not a list of squares', () => {
    // 32-28 19-23: White must take 28x19, and plays 31-27 instead.
    const irr = view(played('lift 32\nplace 28\nlift 19\nplace 23\nlift 31\nplace 27\npress clock\n')).irregularity!;
    expect(irr.code).toBe('capture-missed');
    expect(irr.message).toBe('White played 31-27 although a capture was compulsory.');
    expect(irr.message).not.toMatch(/\(\d+(, \d+)+\)/);
    expect(irr.required).toBe('White must capture: 28x19');
    expect(irr.choices?.accept).toBe('31-27 stands and Black moves next');
  });

  it('5.4.3 and 5.4.10 on one move: the decision is on the first, the message and the scoresheet name both', () => {
    // White touches 48, then takes 47x18 lifting 42 before the man lands (FMJD 5.4.10); corrected.
    const fen = 'W:W47,48:B42,32,22,5';
    const hands = 'lift 48\nplace 48\nlift 47\nlift 42\nplace 18\nlift 32\nlift 22\n';
    const irr = view(played(hands, fen)).irregularity!;
    expect(irr).toMatchObject({ code: 'touch-move', article: '5.4.3', decides: 'black', status: 'pending' });
    expect(irr.message).toBe('White touched the piece on 48 and moved the piece on 47 instead: the touched piece must be played. White took a captured piece off before the capture from 47 was finished.');
    const pdn = view(played(`${hands}press correct\nlift 18\nplace 47\nplace 42\nplace 32\nplace 22\n`, fen)).pdn.replace(/\s+/g, ' ');
    expect(pdn).toContain("(touch-move, article 5.4.3); White took a captured piece off before the capture from 47 was finished (early-removal, article 5.4.10). Corrected at Black's request");
  });

  it('5.4.1: two moves in a row are White\'s, so Black decides', () => {
    const irr = view(played('lift 32\nplace 28\nlift 33\nplace 29\npress clock\n')).irregularity!;
    expect(irr).toMatchObject({ code: 'two-moves', decides: 'black', required: null });
  });
});

describe('FMJD 4.2, 4.13: the compulsory capture in words', () => {
  it('after 32-28 19-23 White must capture 28x19: named, and the capturer marked apart from the last move', () => {
    const v = view(played('lift 32\nplace 28\nlift 19\nplace 23\n'));
    expect(v.compulsory).toMatchObject({ side: 'white', moves: ['28x19'], article: '4.2', message: 'White must capture: 28x19' });
    expect(square(v, '28')).toMatchObject({ mark: 'capture', led: 'slow' });
    expect(['19', '23'].map((n) => square(v, n).mark)).toEqual(['last', 'last']);
    expect(v.lastMove).toEqual({ squares: ['19', '23'], captured: [] });
  });

  it('a choice of captures is said with "or"', () => {
    expect(view(played('', 'W:W28:B22,23,1')).compulsory?.message).toBe('White must capture: 28x17 or 28x19');
  });

  it('none when no capture is possible, nor once the game is over', () => {
    expect(view(played('')).compulsory).toBeNull();
    expect(view(played('lift 32\nplace 28\nlift 19\nplace 23\nresign white\n')).compulsory).toBeNull();
  });
});

describe('the move list: every move that stands', () => {
  it('a capture: its squares, the piece it took and the board after it', () => {
    const v = view(played('lift 32\nplace 28\nlift 19\nplace 23\nlift 28\nplace 19\nlift 23\n'));
    expect(v.moves.map((m) => m.text)).toEqual(['32-28', '19-23', '28x19']);
    const capture = v.moves[2];
    expect(capture).toMatchObject({ ply: 3, side: 'white', squares: ['28', '19'], captured: ['23'], irregular: null, notes: [] });
    // Square 19 (index 18) now holds the white man; 23 and 28 are empty.
    expect([capture.board[18], capture.board[22], capture.board[27]]).toEqual(['w', '.', '.']);
    expect(v.startBoard).toBe(`${'b'.repeat(20)}${'.'.repeat(10)}${'w'.repeat(20)}`);
  });

  it('FMJD 5.4.2: an illegal move accepted stands in the list, marked with its code and article and the decision', () => {
    const v = view(played('lift 32\nplace 23\npress accept\n'));
    expect(v.moves).toHaveLength(1);
    expect(v.moves[0]).toMatchObject({ ply: 1, side: 'white', text: '32-23', squares: ['32', '23'], captured: [], irregular: { code: 'illegal-move', article: '5.4.2' } });
    expect(v.moves[0].notes).toEqual(['White moved the piece on 32 to 23, which the rules do not allow (illegal-move, article 5.4.2). Black accepted.']);
    expect(v.moves[0].board[22]).toBe('w');
    expect(v.turn).toBe('black');
  });

  it('FMJD 5.4.3, 5.7: a touch-move accepted by playing on marks the move made and goes on', () => {
    const v = view(played('lift 33\nplace 33\nlift 32\nplace 28\nlift 19\nplace 23\n'));
    expect(v.moves.map((m) => [m.text, m.irregular?.code ?? null])).toEqual([['32-28', 'touch-move'], ['19-23', null]]);
    expect(v.moves[0].notes).toEqual(['White touched the piece on 33 and moved the piece on 32 instead: the touched piece must be played (touch-move, article 5.4.3). Black accepted.']);
  });

  it('FMJD 7.3.1: a draw offer and its decline are noted on the moves, as the PDN says them', () => {
    let s = played('lift 32\nplace 28\n');
    s = command(s, { type: 'draw', color: 'white' });
    expect(view(s).drawOffer).toBe('white');
    s = step(s, { type: 'board', event: { type: 'lift', square: 18, t: 2_000_000, seq: 90, source: 'board' } }, 2_000_000).state;
    s = step(s, { type: 'board', event: { type: 'place', square: 22, t: 2_000_100, seq: 91, source: 'board' } }, 2_000_100).state;
    const v = view(s);
    expect(v.moves[0].notes).toEqual([]);
    expect(v.moves[0].after).toEqual(['White offered a draw.']);
    expect(v.moves[1].notes).toEqual(['Black declined the draw offered by White, playing on.']);
    expect(v.pdn.replace(/\s+/g, ' ')).toContain('1. 32-28 {White offered a draw.} 1... 19-23 {Black declined the draw offered by White, playing on.}');
  });

  it('FMJD 7.3.1: a draw offer accepted by the opponent ends the game and is noted', () => {
    let s = played('lift 32\nplace 28\n');
    s = command(s, { type: 'draw', color: 'white' });
    s = command(s, { type: 'draw', color: 'black' });
    const v = view(s);
    expect(v.result).toMatchObject({ result: '1-1', article: '7.3.1' });
    expect(v.moves[0].after).toEqual(['White offered a draw.', 'Black accepted the draw offered by White.']);
  });

  it("5.4.6 and 5.8: an attempt corrected is after the opponent's move, on the turn of the side that made it, not among that move's notes", () => {
    // 32-28 19-23: White must take 28x19, plays 33-29 instead; Black has it corrected.
    const v = view(played('lift 32\nplace 28\nlift 19\nplace 23\nlift 33\nplace 29\npress clock\npress correct\nlift 29\nplace 33\n'));
    expect(v.moves.map((m) => m.text)).toEqual(['32-28', '19-23']);
    expect(v.moves[1].notes).toEqual([]);
    expect(v.moves[1].after).toEqual([expect.stringMatching(/^White played 33-29 although a capture was compulsory \(capture-missed, article 5\.4\.6\)\. Corrected at Black's request/)]);
  });
});

describe('the header and the download as a club secretary reads them', () => {
  it('unknown values are empty on the page; the PDN keeps them as PDN writes them', () => {
    const v = view(played(''));
    expect(v.header).toEqual({ event: '', site: 'Utrecht NED', date: '2026.11.24', round: '' });
    expect(v.pdn).toContain('[Date "2026.11.24"]');
    expect(v.pdnName).toBe('2026.11.24 Wit - Zwart.pdn');
  });

  it('the file name keeps letters of any script and drops what a file system or a header would read otherwise', () => {
    expect(pdnName('2026.11.24', { white: 'Jan/de "Vries"', black: 'Ölçüm: Σ' })).toBe('2026.11.24 Jan de Vries - Ölçüm Σ.pdn');
    expect(pdnName('????.??.??', { white: '?', black: '?' })).toBe('White - Black.pdn');
    expect(pdnName('????.??.??', { white: '?', black: 'Zoë' }, 'nl')).toBe('Wit - Zoë.pdn');
    expect(pdnName('', { white: '?', black: '?' }, 'ru')).toBe('Белые - Чёрные.pdn');
    expect(pdnName('', { white: '/', black: '/' }, 'ru')).toBe('партия.pdn');
    expect(pdnName('', { white: '../../etc', black: 'x' })).toBe('etc - x.pdn');
  });
});

describe('the page in its own language: each sentence of the view comes with its words, which say it as a game in that language does', () => {
  /** The view's sentences in `lang`, from its words (as the page says them), the server's text where there are none. */
  const pageSays = (v: PlayView, lang: Language) => {
    const say = (said: Said | null | undefined, text: string | null | undefined) => (said ? sayWords(lang, said) : text);
    const irr = v.irregularity;
    return {
      irregularity: irr && {
        message: irr.said?.message.map((m) => sayWords(lang, m)).join(' '),
        required: say(irr.said?.required, irr.required),
        accept: say(irr.said?.choices?.accept, irr.choices?.accept),
        correct: say(irr.said?.choices?.correct, irr.choices?.correct),
      },
      compulsory: say(v.compulsory?.said, v.compulsory?.message),
      guidance: say(v.guidance?.said, v.guidance?.message),
      obligation: v.obligation && `${say(v.obligation.said, v.obligation.message)}.`,
      result: say(v.result?.said, v.result?.reason),
      foresight: v.foresight.map((f) => sayWords(lang, f.said)),
    };
  };
  /** The same sentences as the game in `lang` makes them itself. */
  const gameSays = (v: PlayView) => ({
    irregularity: v.irregularity && { message: v.irregularity.message, required: v.irregularity.required, accept: v.irregularity.choices?.accept, correct: v.irregularity.choices?.correct },
    compulsory: v.compulsory?.message,
    guidance: v.guidance?.message,
    obligation: v.obligation?.message ?? null,
    result: v.result?.reason,
    foresight: v.foresight.map((f) => f.message),
  });

  it.each([
    ['5.4.3 touched, pending', 'lift 33\nplace 33\nlift 32\nplace 28\n', intl.startFen],
    ['5.4.3 being corrected (guidance)', 'lift 33\nplace 33\nlift 32\nplace 28\npress correct\n', intl.startFen],
    ['5.8 the obligation carried over', 'lift 33\nplace 33\nlift 32\nplace 28\npress correct\nlift 28\nplace 32\n', intl.startFen],
    ['5.4.6 a capture missed, 4.2 the capture required', 'lift 32\nplace 28\nlift 19\nplace 23\nlift 31\nplace 27\npress clock\n', intl.startFen],
    ['5.4.3 and 5.4.10 on one move', 'lift 48\nplace 48\nlift 47\nlift 42\nplace 18\nlift 32\nlift 22\n', 'W:W47,48:B42,32,22,5'],
    ['4.2 the compulsory capture', 'lift 32\nplace 28\nlift 19\nplace 23\n', intl.startFen],
    ['5.4.6 foreseen: a capture missed, not yet judged', 'lift 32\nplace 28\nlift 19\nplace 23\nlift 33\nplace 29\n', intl.startFen],
    ['5.4.1 foreseen: two moves in a row', 'lift 32\nplace 28\nlift 33\nplace 29\n', intl.startFen],
    ['the result: no pieces left', 'lift 28\nplace 17\nlift 22\n', 'W:W28:B22'],
  ])('%s: an English game\'s view said in Dutch and in Russian is what the game says in them', (_name, hands, fen) => {
    const english = view(played(hands, fen));
    for (const lang of ['nl', 'ru'] as const) expect(pageSays(english, lang), lang).toEqual(gameSays(view(played(hands, fen, lang))));
    // Not the English words: the page's language is another.
    expect(pageSays(english, 'nl')).not.toEqual(gameSays(english));
  });
});

describe('issue 28: a complete irregular move is shown at once, decided only when play goes on', () => {
  // 1. 32-28 19-23 2. 33-29? although 28x19 is compulsory (FMJD 4.2, 5.4.6); no clock pressed, Black not yet moving.
  const missed = 'lift 32\nplace 28\nlift 19\nplace 23\nlift 33\nplace 29\n';

  it('FMJD 5.4.6: the page is told what Black will decide, no irregularity is flagged yet, and the LEDs blink its squares', () => {
    const v = view(played(missed));
    expect(v.irregularity).toBeNull();
    expect(v.moves.map((m) => m.text)).toEqual(['32-28', '19-23']);
    expect(v.foresight.map(({ said: _words, ...f }) => f)).toEqual([
      {
        code: 'capture-missed',
        article: '5.4.6',
        message: 'White played 33-29 although a capture was compulsory. Black decides once White presses the clock or Black moves.',
        decides: 'black',
        squares: ['33', '29', '28'],
      },
    ]);
    for (const name of ['33', '29', '28']) expect(square(v, name)).toMatchObject({ mark: 'flagged', led: 'slow' });
  });

  it('FMJD 5.4.6: once the clock is pressed the irregularity is flagged and nothing is foreseen any more', () => {
    const v = view(played(`${missed}press clock\n`));
    expect(v.irregularity).toMatchObject({ code: 'capture-missed', status: 'pending', decides: 'black' });
    expect(v.foresight).toEqual([]);
  });

  it('FMJD 4.11: a capture whose piece is still to be taken off is no foresight', () => {
    const v = view(played('lift 32\nplace 28\nlift 19\nplace 23\nlift 28\nplace 19\n'));
    expect(v.foresight).toEqual([]);
    expect(square(v, '23')).toMatchObject({ mark: 'remove' });
  });
});
