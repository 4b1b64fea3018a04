import { describe, expect, it } from 'vitest';
import { DxpFramer, decodeDxp, encodeDxp } from './dxpCodec.ts';
import type { DxpMessage } from './dxpCodec.ts';

// The examples are the protocol pages' own (mesander.nl/damexchange, e*.htm), written out by hand.
const TORNADO = 'Tornado voor Windows 4.0        '; // 24 characters and 8 blanks: "exactly 32 positions"

function read(text: string): DxpMessage {
  const r = decodeDxp(text);
  if (!r.ok) throw new Error(r.reason);
  return r.message;
}

function refusal(text: string): string {
  const r = decodeDxp(text);
  if (r.ok) throw new Error(`read ${text} as ${JSON.stringify(r.message)}`);
  return r.reason;
}

describe('GAMEREQ (egamereq.htm)', () => {
  it('reads the page\'s example: "R01Tornado voor Windows 4.0        W060065A"', () => {
    expect(read(`R01${TORNADO}W060065A`)).toEqual({ type: 'gamereq', version: '01', initiator: 'Tornado voor Windows 4.0', followerColor: 'white', minutes: 60, moves: 65, position: null });
  });

  it("'B': \"color to move first and position are being included\", the 50 fields e/w/z/W/Z", () => {
    const fields = 'zzzzzzzzzzzzzzzzzzzzeeeeeeeeeeewwwwwwwwwwwwwwwwwwZ'.slice(0, 50);
    const text = `R01${'dambord'.padEnd(32)}Z010000BZ${fields}`;
    expect(text).toHaveLength(94);
    expect(read(text)).toMatchObject({ followerColor: 'black', minutes: 10, moves: 0, position: { turn: 'black', fields } });
  });

  it('writes the name in exactly 32 positions with trailing blanks, times in 3 digits with leading zeroes', () => {
    expect(encodeDxp({ type: 'gamereq', version: '01', initiator: 'Tornado voor Windows 4.0', followerColor: 'white', minutes: 60, moves: 65, position: null })).toBe(`R01${TORNADO}W060065A`);
    expect(encodeDxp({ type: 'gamereq', version: '01', initiator: ' a name longer than thirty-two characters', followerColor: 'black', minutes: 5, moves: 0, position: null })).toBe(
      'R01a name longer than thirty-two chZ005000A',
    );
  });

  it.each([
    [`R01${TORNADO}X060065A`, 'Follower colour'],
    [`R01${TORNADO}W06a065A`, '3 digits'],
    [`R01${TORNADO}W060065C`, 'starting position'],
    [`R01${TORNADO}W060065`, '43 with'],
    [`R01${TORNADO}W060065BW${'e'.repeat(49)}x`, '50 letters'],
    [`R01${TORNADO}W060065BQ${'e'.repeat(50)}`, 'colour to move'],
  ])('refuses a bad field: %s', (text, words) => {
    expect(refusal(text)).toContain(words);
  });
});

describe('GAMEACC (egameacc.htm)', () => {
  it('reads "ATornado voor Windows 4.0        0": "Tornado accepts playing a game"', () => {
    expect(read(`A${TORNADO}0`)).toEqual({ type: 'gameacc', follower: 'Tornado voor Windows 4.0', code: 0 });
  });

  it('reads the codes 1, 2 and 3 and refuses any other', () => {
    expect(read(`A${TORNADO}3`)).toMatchObject({ code: 3 });
    expect(refusal(`A${TORNADO}4`)).toContain('acceptance code');
    expect(refusal(`A${TORNADO}`)).toContain('34 expected');
  });
});

describe('MOVE (emove.htm)', () => {
  it('reads "M0012061100" (6-11) and "M001205250422122320" (5x25, "pieces 23, 22, 12 and 20 captured" in any order)', () => {
    expect(read('M0012061100')).toEqual({ type: 'move', seconds: 12, from: 6, to: 11, captured: [] });
    expect(read('M001205250422122320')).toEqual({ type: 'move', seconds: 12, from: 5, to: 25, captured: [22, 12, 23, 20] });
  });

  it('writes them back as the page does', () => {
    expect(encodeDxp({ type: 'move', seconds: 12, from: 5, to: 25, captured: [22, 12, 23, 20] })).toBe('M001205250422122320');
    expect(encodeDxp({ type: 'move', seconds: 12, from: 6, to: 11, captured: [] })).toBe('M0012061100');
  });

  it.each([
    ['M00120611', 'at least 11'],
    ['M0012001100', '01-50'],
    ['M0012065100', '01-50'],
    ['M00120611a0', 'number captured'],
    ['M0012061121', 'number captured'], // "possible values therefore are `00' to `20'"
    ['M00120525012', '2 expected'], // "exactly twice the number in number captured"
    ['M0012052502222', '4 expected'],
    ['M001205250155', '01-50'],
    ['M0x12061100', 'time'],
  ])('refuses %s', (text, words) => {
    expect(refusal(text)).toContain(words);
  });
});

describe('GAMEEND, CHAT, BACKREQ, BACKACC', () => {
  it('GAMEEND "E00": "terminate the current game, but is willing to play a next game"; reasons 0-3, stop codes 0-1', () => {
    expect(read('E00')).toEqual({ type: 'gameend', reason: 0, stop: 0 });
    expect(read('E31')).toEqual({ type: 'gameend', reason: 3, stop: 1 });
    expect(encodeDxp({ type: 'gameend', reason: 2, stop: 1 })).toBe('E21');
    expect(refusal('E40')).toContain('code');
    expect(refusal('E02')).toContain('stop code');
    expect(refusal('E0')).toContain('3 expected');
  });

  it('CHAT "CWhat do you think about move 35?": free text of 1 to 126 characters', () => {
    expect(read('CWhat do you think about move 35?')).toEqual({ type: 'chat', text: 'What do you think about move 35?' });
    expect(refusal('C')).toContain('no text');
    expect(encodeDxp({ type: 'chat', text: 'x'.repeat(200) })).toHaveLength(127);
  });

  it('BACKREQ "B005Z": back to "the fifth move ... with black to move"', () => {
    expect(read('B005Z')).toEqual({ type: 'backreq', move: 5, color: 'black' });
    expect(encodeDxp({ type: 'backreq', move: 5, color: 'black' })).toBe('B005Z');
    expect(refusal('B000Z')).toContain('001-999');
    expect(refusal('B005X')).toContain('colour');
  });

  it('BACKACC: 0 accepted, 1 not supported, 2 declined', () => {
    expect(encodeDxp({ type: 'backacc', code: 1 })).toBe('K1');
    expect(read('K2')).toEqual({ type: 'backacc', code: 2 });
    expect(refusal('K3')).toContain('code');
  });

  it('refuses an unknown type, an empty message, one too long and characters outside ASCII 1-127', () => {
    expect(refusal('Xhello')).toContain('not a DXP message type');
    expect(refusal('')).toContain('empty');
    expect(refusal(`C${'x'.repeat(127)}`)).toContain('at most 127');
    expect(refusal('C\u00e9t\u00e9')).toContain('ASCII');
  });
});

describe('framing (esocket.htm: each message ends with a \'\\0\')', () => {
  const bytes = (s: string) => Buffer.from(s, 'latin1');

  it('joins a message split over packets and splits several in one packet', () => {
    const f = new DxpFramer();
    expect(f.push(bytes('M00120'))).toEqual([]);
    expect(f.push(bytes('61100\0E0'))).toEqual([{ text: 'M0012061100' }]);
    expect(f.push(bytes('0\0CHi\0'))).toEqual([{ text: 'E00' }, { text: 'CHi' }]);
  });

  it('holds at most 127 bytes: a longer run without a NUL is one fault, and the next message reads again', () => {
    const f = new DxpFramer();
    const out = f.push(bytes(`${'x'.repeat(100_000)}\0E00\0`));
    expect(out).toHaveLength(2);
    expect(out[0]).toMatchObject({ fault: expect.stringContaining('without the NUL') });
    expect(out[1]).toEqual({ text: 'E00' });
  });

  it('reports a lone NUL', () => {
    expect(new DxpFramer().push(bytes('\0'))[0]).toMatchObject({ fault: expect.stringContaining('empty') });
  });
});
