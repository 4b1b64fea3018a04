// `dambord replay` never ends silently (dambord issue 28): what the script leaves waiting for a
// decision, and every hand not yet judged, is reported at the end, each as play going on would
// judge it, with the position if it stands. Expected lines written by hand from the rules.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliBuffered } from './testing.ts';

/** `dambord replay ARGS -` with `script` as standard input: its exit code and lines. */
async function replay(args: string[], script: string): Promise<{ code: number; lines: string[] }> {
  const r = await runCliBuffered(['replay', ...args, '-'], script);
  expect(r.stderr).toBe('');
  return { code: r.code, lines: r.stdout.split('\n').filter((l) => l !== '') };
}

const json = async (script: string): Promise<Record<string, unknown>[]> => (await replay(['--json'], script)).lines.map((l) => JSON.parse(l) as Record<string, unknown>);

// 1. 32-28 19-23 2. 33-29? although 28x19 is compulsory (FMJD 4.1, 4.2), then 18-22? although 23x32 is.
const WHITE_MISSES = 'lift 32\nplace 28\nlift 19\nplace 23\nlift 33\nplace 29\n';
const BLACK_PLAYS_ON = `${WHITE_MISSES}lift 18\nplace 22\n`;
// 1. 32-28 18-22 2. 33-29 19-23? although 22x33 is compulsory, then 34-30? although 28x19 or 29x18 is.
const BLACK_MISSES = 'lift 32\nplace 28\nlift 18\nplace 22\nlift 33\nplace 29\nlift 19\nplace 23\n';
const WHITE_PLAYS_ON = `${BLACK_MISSES}lift 34\nplace 30\n`;

describe('replay: what is pending at the end is reported (FMJD 5.4.6, 5.7)', () => {
  it('White\'s 33-29 the last move, never judged: one pending line, Black to decide, the position if it stands', async () => {
    const out = await json(WHITE_MISSES);
    expect(out.map((o) => o.type)).toEqual(['move', 'move', 'pending']);
    expect(out[2]).toEqual({
      type: 'pending',
      code: 'capture-missed',
      article: '5.4.6',
      squares: [33, 29, 28],
      side: 'white',
      decision: 'decide',
      decides: 'black',
      fen: 'B:W28,29,31,34-50:B1-18,20,23',
      message: 'White played 33-29 although a capture was compulsory. Black decides once White presses the clock or Black moves.',
    });
  });

  it("Black plays on with 18-22: both last plies reported, White's then Black's, each with who decides", async () => {
    const out = await json(BLACK_PLAYS_ON);
    expect(out.map((o) => o.type)).toEqual(['move', 'move', 'pending', 'pending']);
    expect(out.slice(2).map((o) => [o.side, o.code, o.article, o.decides, o.fen])).toEqual([
      ['white', 'capture-missed', '5.4.6', 'black', 'B:W28,29,31,34-50:B1-18,20,23'],
      ['black', 'capture-missed', '5.4.6', 'white', 'W:W28,29,31,34-50:B1-17,20,22,23'],
    ]);
  });

  it("colours swapped: Black's 19-23 left pending, White to decide", async () => {
    const out = await json(BLACK_MISSES);
    expect(out.map((o) => o.type)).toEqual(['move', 'move', 'move', 'pending']);
    expect(out[3]).toMatchObject({ code: 'capture-missed', article: '5.4.6', squares: [19, 23, 22], side: 'black', decides: 'white', fen: 'W:W28,29,31,34-50:B1-17,20,22,23' });
  });

  it("colours swapped: White plays on with 34-30, both reported", async () => {
    const out = await json(WHITE_PLAYS_ON);
    expect(out.slice(3).map((o) => [o.side, o.code, o.decides, o.fen])).toEqual([
      ['black', 'capture-missed', 'white', 'W:W28,29,31,34-50:B1-17,20,22,23'],
      ['white', 'capture-missed', 'black', 'B:W28-31,35-50:B1-17,20,22,23'],
    ]);
  });

  it('an irregularity flagged by the clock and never decided is still pending at the end', async () => {
    const out = await json(`${WHITE_MISSES}press clock\n`);
    expect(out.map((o) => o.type)).toEqual(['move', 'move', 'irregularity', 'pending']);
    expect(out[3]).toMatchObject({ code: 'capture-missed', article: '5.4.6', side: 'white', decides: 'black', fen: 'B:W28,29,31,34-50:B1-18,20,23' });
  });

  it('FMJD 5.8: a correction not finished is pending, with what is still to be put back', async () => {
    // White touched 33 and played 32-28 (5.4.3); Black has it corrected; 28 is lifted, 32 not yet filled.
    const out = await json('lift 33\nplace 33\nlift 32\nplace 28\npress correct\nlift 28\n');
    expect(out.at(-1)).toEqual({ type: 'pending', code: 'correction', clear: [], fill: [{ square: 32, piece: 'white man' }], message: 'Put the position back: put a white man on 32.' });
  });

  it('a board that does not show the game at the end is pending, with the squares to put right', async () => {
    const out = await json('place 25\npress clock\n');
    expect(out.map((o) => o.type)).toEqual(['mismatch', 'pending']);
    expect(out[1]).toMatchObject({ code: 'mismatch', clear: [25], fill: [] });
  });

  it('English law 11: a capture is complete when the hand leaves it, its man still to come off: the last move at the end, nothing pending', async () => {
    // "A capturing play ... is completed whenever the hand is withdrawn from the piece played, even
    // though two or more pieces have been taken, and have still to be removed from the board."
    // 1. 11-15 22-18 2. 15x22, 18 still on the board when the script ends.
    const r = await replay(['--variant', 'english', '--json'], 'lift 11\nplace 15\nlift 22\nplace 18\nlift 15\nplace 22\n');
    expect(r.lines.map((l) => JSON.parse(l) as Record<string, unknown>).map((o) => [o.type, o.move])).toEqual([
      ['move', '11-15'],
      ['move', '22-18'],
      ['move', '15x22'],
    ]);
  });

  it('a game that ends at rest reports nothing pending', async () => {
    expect((await json('lift 32\nplace 28\n')).map((o) => o.type)).toEqual(['move']);
  });

  it('for people: a "Pending" line for each, in the language asked', async () => {
    const { code, lines } = await replay([], BLACK_PLAYS_ON);
    expect(code).toBe(0);
    expect(lines.slice(2)).toEqual([
      'Pending, article 5.4.6 (capture-missed): White played 33-29 although a capture was compulsory. Black decides once White presses the clock or Black moves.',
      'Pending, article 5.4.6 (capture-missed): Black played 18-22 although a capture was compulsory. White decides once Black presses the clock or White moves.',
    ]);
    const nl = await replay(['--lang', 'nl'], WHITE_MISSES);
    expect(nl.lines.at(-1)).toBe('Nog open, artikel 5.4.6 (capture-missed): Wit speelde 33-29, hoewel slaan verplicht was. Zwart beslist zodra Wit de klok indrukt of Zwart zet.');
  });

  it('said too: with --speak the pending lines are the last said, in the language spoken, after the moves', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dambord-pending-'));
    try {
      const transcript = path.join(dir, 'said.jsonl');
      const r = await replay(['--speak', 'nl', '--transcript', transcript], BLACK_PLAYS_ON);
      expect(r.code).toBe(0);
      const said = readFileSync(transcript, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { kind: string; ply: number; text: string });
      expect(said.slice(-2)).toEqual([
        expect.objectContaining({ kind: 'irregularity', ply: 2, text: 'Nog open, artikel 5.4.6 (capture-missed): Wit speelde 33-29, hoewel slaan verplicht was. Zwart beslist zodra Wit de klok indrukt of Zwart zet.' }),
        expect.objectContaining({ kind: 'irregularity', ply: 2, text: expect.stringMatching(/^Nog open, artikel 5\.4\.6 \(capture-missed\): Zwart speelde 18-22/) }),
      ]);
      expect(said.filter((a) => a.kind === 'move').map((a) => a.ply)).toEqual([1, 2]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
