// The digitise policy: a secretary records a game from its paper scoresheet. Handling is never
// said, takebacks (FMJD 5.4.4) are taken at once and go back as far as the hands go, and an
// irregular board is put right, never accepted.
import { describe, expect, it } from 'vitest';
import { parseFen, variants } from '../../../rules/index.ts';
import type { Variant } from '../../../rules/index.ts';
import { eventsOf, parseActionScript } from '../../script/actions.ts';
import { outputJson } from './json.ts';
import { digitise, tournament } from './policy.ts';
import { newScoresheet, record, scoresheetPdn } from './record.ts';
import { runEvents } from './run.ts';
import type { Policy } from './types.ts';

function run(script: string, policy: Policy = digitise, v: Variant = variants.international, fen = v.startFen) {
  const parsed = parseActionScript(script, v);
  if (!parsed.ok) throw new Error(parsed.reason);
  const start = parseFen(v, fen);
  if (!start.ok) throw new Error(start.error.reason);
  const r = runEvents(start.position, policy, eventsOf(parsed.actions).map((e) => e.event));
  const outputs = r.outputs.map((o) => o.output);
  return { json: outputs.map((o) => outputJson(v, o)), state: r.state, pdn: scoresheetPdn(record(newScoresheet(start.position), outputs)) };
}

const moves = (json: Record<string, unknown>[]) => json.filter((o) => o.type === 'move').map((o) => o.move);
const types = (json: Record<string, unknown>[]) => json.map((o) => o.type);

describe('digitise policy: handling is never said', () => {
  it('FMJD 3.11, 5.4.3: a piece touched and put back, another played: a move and nothing else', () => {
    const script = 'lift 31\nplace 31\nlift 32\nplace 28\n';
    expect(types(run(script, tournament).json)).toContain('irregularity');
    const r = run(script);
    expect(r.json).toEqual([expect.objectContaining({ type: 'move', move: '32-28' })]);
    // No touch-move obligation is kept either: nothing to light for 3.11.
    expect(r.state.touched).toEqual([]);
  });

  it('FMJD 3.14: a piece of the side not to move touched: nothing noted', () => {
    expect(types(run('lift 19\nplace 19\nlift 32\nplace 28\n').json)).toEqual(['move']);
  });

  it('FMJD 4.11, 5.4.10: captured pieces taken off first and in any order: the capture, nothing else', () => {
    // 46x17 jumps 41, 32 and 22; a piece taken off before the landing and the rest out of order.
    const fen = 'W:W46:B41,32,22';
    const script = 'lift 32\nlift 46\nplace 17\nlift 22\nlift 41\n';
    expect(run(script, tournament, variants.international, fen).json.filter((o) => o.type === 'irregularity').map((o) => o.code)).toEqual(['early-removal', 'removal-order']);
    const r = run(script, digitise, variants.international, fen);
    expect(types(r.json)).toEqual(['move', 'result']);
    expect(moves(r.json)).toEqual(['46x17']);
  });
});

describe('digitise policy: takebacks (FMJD 5.4.4) at once', () => {
  it('a move put back is taken back at once; the scoresheet holds the right move only, and nothing of the takeback', () => {
    const r = run('lift 32\nplace 28\nlift 28\nplace 32\nlift 33\nplace 28\n');
    expect(types(r.json)).toEqual(['move', 'accepted', 'move']);
    expect(moves(r.json)).toEqual(['32-28', '33-28']);
    expect(r.pdn).toMatch(/\n\n1\. 33-28 \*\n/);
    expect(r.pdn).not.toContain('{');
  });

  it('three moves put back one after another: the game goes back three moves', () => {
    const r = run(
      'lift 32\nplace 28\nlift 19\nplace 23\nlift 28\nplace 19\nlift 23\n' +
        // 28x19 taken back: the white man back on 28, the black man back on 23.
        'lift 19\nplace 28\nplace 23\n' +
        // 19-23 taken back, then 32-28.
        'lift 23\nplace 19\nlift 28\nplace 32\n',
    );
    expect(moves(r.json)).toEqual(['32-28', '19-23', '28x19']);
    expect(r.json.filter((o) => o.type === 'accepted')).toHaveLength(3);
    expect(r.state.ply).toBe(0);
    expect(r.state.game.moves).toHaveLength(0);
    expect(r.pdn).toMatch(/\n\n\*\n/);
  });

  it('Correct with nothing to put right takes the last move back; again, one more; the LEDs guide the pieces back', () => {
    const r = run('lift 32\nplace 28\nlift 19\nplace 23\npress correct\npress correct\n');
    expect(types(r.json)).toEqual(['move', 'move', 'accepted', 'correction', 'accepted', 'correction']);
    expect(r.state.mode.kind).toBe('correcting');
    expect(r.state.game.moves).toHaveLength(0);
    // The correction asks for the start position: 23 and 28 cleared, 19 and 32 filled.
    expect(r.json.at(-1)).toMatchObject({ type: 'correction', clear: [23, 28], fill: [{ square: 19 }, { square: 32 }] });
    const back = run('lift 32\nplace 28\nlift 19\nplace 23\npress correct\npress correct\nlift 23\nplace 19\nlift 28\nplace 32\nlift 31\nplace 27\n');
    expect(moves(back.json)).toEqual(['32-28', '19-23', '31-27']);
    expect(back.pdn).toMatch(/\n\n1\. 31-27 \*\n/);
  });

  it('an illegal move is not accepted: the position before it is put back at once, and it never stands', () => {
    // 32-23 is no move; the next lift of Black's shows it is over.
    const r = run('lift 32\nplace 23\nlift 19\n');
    expect(r.json.map((o) => o.type)).toEqual(['irregularity', 'correction']);
    expect(r.state.mode.kind).toBe('correcting');
    const put = run('lift 32\nplace 23\npress correct\nlift 23\nplace 32\nlift 32\nplace 28\n');
    expect(moves(put.json)).toEqual(['32-28']);
    expect(put.json.some((o) => o.type === 'accepted')).toBe(false);
  });
});
