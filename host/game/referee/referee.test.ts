import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { legalMoves, parseFen, play, sameMove, variants, writeFen } from '../../../rules/index.ts';
import type { Variant } from '../../../rules/index.ts';
import { eventsOf, parseActionScript } from '../../script/actions.ts';
import { outputJson } from './json.ts';
import { blind, casual, tournament } from './policy.ts';
import { createReferee, step } from './referee.ts';
import { runEvents } from './run.ts';
import type { Policy, RefereeEvent } from './types.ts';

function replay(script: string, v: Variant = variants.international, policy: Policy = tournament, fen = v.startFen) {
  const parsed = parseActionScript(script, v);
  if (!parsed.ok) throw new Error(parsed.reason);
  const start = parseFen(v, fen);
  if (!start.ok) throw new Error(start.error.reason);
  return runEvents(start.position, policy, eventsOf(parsed.actions).map((e) => e.event)).outputs.map((o) => outputJson(v, o.output));
}

describe('referee: moves as hands make them', () => {
  it('FMJD 3.10: a man move is announced when the piece lands', () => {
    const start = parseFen(variants.international, variants.international.startFen);
    if (!start.ok) throw new Error();
    let s = createReferee(start.position, tournament);
    s = step(s, { type: 'lift', square: 31, t: 0 }).state;
    const r = step(s, { type: 'place', square: 27, t: 200 });
    expect(r.outputs.map((o) => o.type)).toEqual(['move']);
  });

  it('FMJD 3.9: a flying king sliding over squares is one move, standing for minutes, announced when the hands are withdrawn', () => {
    const out = replay('lift 46\nplace 41\nlift 41\nplace 37\nlift 37\nplace 32\nwait 300000\n', variants.international, tournament, 'W:WK46:B1');
    expect(out).toEqual([{ type: 'move', ply: 1, move: '46-32', side: 'white', fen: 'B:WK32:B1' }]);
  });

  it('FMJD 3.9: a king move is completed by the clock button, or by the opponent starting to move', () => {
    expect(replay('lift 46\nplace 37\npress clock\n', variants.international, tournament, 'W:WK46:B1')[0]).toMatchObject({ move: '46-37' });
    const out = replay('lift 46\nplace 37\nlift 1\nplace 6\n', variants.international, tournament, 'W:WK46:B1');
    expect(out.map((o) => o.move)).toEqual(['46-37', '1-6']);
  });

  it('FMJD 4.16: a single capture may start by lifting the captured piece', () => {
    const out = replay('lift 23\nlift 28\nplace 19\n', variants.international, tournament, 'W:W28:B23');
    expect(out).toEqual([{ type: 'move', ply: 1, move: '28x19', side: 'white', fen: 'B:W19:B' }, expect.objectContaining({ type: 'result' })]);
  });

  it('FMJD 3.6: crowning a man that reached the last row is no irregularity', () => {
    const out = replay('lift 7\nplace 2\nlift 2\nplace 2\nlift 45\nplace 50\n', variants.international, tournament, 'W:W7:B45');
    expect(out.map((o) => o.type)).toEqual(['move', 'crowned', 'move']);
  });

  it("FMJD 3.13: j'adoube announced before adjusting a piece creates no obligation", () => {
    const out = replay('press jadoube\nlift 33\nplace 33\nlift 32\nplace 28\n');
    expect(out.map((o) => o.type)).toEqual(['adjusted', 'move']);
  });
});

describe('referee: a piece in the hand is a move in progress (FMJD 3.10, 3.12, 5.4.7)', () => {
  it.each([tournament, casual, blind])('$name policy: a piece held for any time, then put down, is one move and nothing else', (policy) => {
    for (const ms of [0, 1500, 60_000, 3_600_000]) {
      expect(replay(`lift 32\nwait ${ms}\nplace 28\n`, variants.international, policy)).toEqual([{ type: 'move', ply: 1, move: '32-28', side: 'white', fen: 'B:W28,31,33-50:B1-20' }]);
    }
  });

  it('no time passing ever makes the referee say anything', () => {
    const start = parseFen(variants.international, variants.international.startFen);
    if (!start.ok) throw new Error();
    let s = createReferee(start.position, tournament);
    s = step(s, { type: 'lift', square: 31, t: 0 }).state;
    for (const t of [999, 1000, 1501, 60_000, 86_400_000]) expect(step(s, { type: 'tick', t }).outputs).toEqual([]);
  });

  it('FMJD 5.4.7: a piece left off the board becomes an irregularity when play goes on: the clock', () => {
    expect(replay('lift 32\nwait 60000\n')).toEqual([]);
    expect(replay('lift 32\nwait 60000\npress clock\n')[0]).toMatchObject({ type: 'irregularity', code: 'removed-without-reason', article: '5.4.7', squares: [32] });
  });

  it('FMJD 5.4.2, 5.7: a move the rules do not allow is judged when the opponent plays on, and playing on accepts it', () => {
    expect(replay('lift 32\nplace 23\nwait 60000\n')).toEqual([]);
    // 32 to 23 over the empty 28 (3.4: a man moves one square); Black plays on, capturing it (4.2).
    const out = replay('lift 32\nplace 23\nwait 60000\nlift 19\nplace 28\nlift 23\n');
    expect(out.map((o) => (o.type === 'irregularity' ? o.code : (o.move ?? o.type)))).toEqual(['illegal-move', 'accepted', '19x28']);
  });

  it('FMJD 3.14: the opponent touching a piece while the mover holds his is only that; the mover then plays', () => {
    const out = replay('lift 32\nwait 20000\nlift 19\nplace 19\nplace 28\n');
    expect(out.map((o) => o.move ?? o.type)).toEqual(['32-28']);
  });
});

describe('referee: policies', () => {
  it('FMJD 3.11 in the casual policy: touch-move is noted and the move stands', () => {
    const out = replay('lift 33\nplace 33\nlift 32\nplace 28\n', variants.international, casual);
    expect(out.map((o) => [o.type, o.decision])).toEqual([
      ['irregularity', 'note'],
      ['move', undefined],
    ]);
  });

  it('FMJD 3.11 for blind players: a piece felt and put back is not touched, however long it was held', () => {
    expect(replay('lift 33\nplace 33\nlift 32\nplace 28\n', variants.international, blind).map((o) => o.type)).toEqual(['move']);
    expect(replay('lift 33\nwait 120000\nplace 33\nlift 34\nlift 35\nplace 35\nplace 34\nlift 32\nplace 28\n', variants.international, blind).map((o) => o.type)).toEqual(['move']);
    expect(replay('lift 32\nplace 28\nlift 19\nwait 5000\nplace 19\nlift 18\nplace 23\n', variants.international, blind).map((o) => o.type)).toEqual(['move', 'move']);
    expect(replay('lift 33\nplace 33\nlift 32\nplace 28\n', variants.international, tournament)[0]).toMatchObject({ code: 'touch-move', article: '5.4.3' });
  });
});

describe('referee: never crashes, never invents a move', () => {
  const v = variants.international;
  const arb = fc.array(
    fc.oneof(
      fc.record({ type: fc.constantFrom('lift' as const, 'place' as const), square: fc.integer({ min: -2, max: 52 }), dt: fc.integer({ min: 0, max: 2500 }) }),
      fc.record({ type: fc.constant('press' as const), button: fc.constantFrom('jadoube' as const, 'clock' as const, 'accept' as const, 'correct' as const), dt: fc.integer({ min: 0, max: 2500 }) }),
      fc.record({ type: fc.constant('tick' as const), dt: fc.integer({ min: 0, max: 5000 }) }),
    ),
    { maxLength: 80 },
  );
  it('random event sequences: no throw, and every move announced is legal in the position before it', () => {
    fc.assert(
      fc.property(arb, (raw) => {
        let t = 0;
        const events: RefereeEvent[] = raw.map((e) => {
          t += e.dt;
          return e.type === 'press' ? { type: 'press', button: e.button, t } : e.type === 'tick' ? { type: 'tick', t } : { type: e.type, square: e.square, t };
        });
        const start = parseFen(v, v.startFen);
        if (!start.ok) throw new Error();
        const { outputs } = runEvents(start.position, tournament, events);
        for (const { output } of outputs) {
          if (output.type !== 'move') continue;
          const legal = legalMoves(output.before);
          expect(legal.some((m) => sameMove(m, output.move))).toBe(true);
          expect(writeFen(output.after)).toBe(writeFen(play(output.before, output.move)));
        }
      }),
      { numRuns: 400, seed: 20261121 },
    );
  });
});
