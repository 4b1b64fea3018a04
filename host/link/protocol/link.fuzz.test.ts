// Fuzz: the host's side of the link on any lines (fast-check). A board is modelled plainly
// (occupancy, a ring of its event lines, its clock) and a run of what a serial line may bring
// is played through the host's decoder and sequencer: the board's own lines, lines lost,
// repeated or cut, garbage bytes, lines with a right CRC and wrong contents (a CRC beaten),
// restarts of the port, time passing. The board answers the host's commands as the firmware
// does (docs/protocol.md). Whatever comes, the sequencer never throws, never delivers a lift
// from an empty square or a place on a full one (from the occupancy it announced), every
// resync agrees with what it delivered, and once the line is quiet and clean it ends in step
// with the board. Runs: DAMBORD_FUZZ_RUNS (test/fuzz.ts), bounded in `npm test`.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SquareSet } from '../../../rules/index.ts';
import { fuzz, fuzzRuns } from '../../../test/fuzz.ts';
import { framed } from '../testing/frame.ts';
import type { BoardEvent } from '../types.ts';
import { decodeBoardLine } from './decode.ts';
import { encodeCommand } from './encode.ts';
import { Sequencer } from './sequencer.ts';

const SQUARES = 50;
const HELLO = framed('HELLO dambord 2.0.0 proto=2 squares=50 buttons=4 caps=leds,blink,beep,snapshot,resend,config,heartbeat ring=64 boot=7');
const hex = (occ: readonly boolean[]) => {
  let n = 0n;
  occ.forEach((o, i) => (n |= o ? 1n << BigInt(i) : 0n));
  return n.toString(16).toUpperCase().padStart(13, '0');
};

type Op =
  | { kind: 'event'; square: number; send: 'yes' | 'lost' | 'twice' | 'cut' }
  | { kind: 'beaten'; field: 'square' | 'type' | 'occ' | 'seq'; value: number }
  | { kind: 'garbage'; text: string }
  | { kind: 'hb' }
  | { kind: 'tick'; ms: number }
  | { kind: 'reopen' };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('event' as const), square: fc.integer({ min: 1, max: SQUARES }), send: fc.constantFrom('yes', 'yes', 'yes', 'lost', 'twice', 'cut') }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('beaten' as const), field: fc.constantFrom('square', 'type', 'occ', 'seq'), value: fc.nat({ max: 0xffff }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('garbage' as const), text: fc.string({ maxLength: 140 }) }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'hb' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('tick' as const), ms: fc.integer({ min: 1, max: 3000 }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reopen' as const }) },
);

function play(ops: readonly Op[]): number {
  const board = { occ: Array.from({ length: SQUARES }, (_, i) => i < 20 || i >= 30), seq: 0, ms: 0, ring: [] as string[] };
  const seqr = new Sequencer({ config: { make: 5, break: 5, snap: 5000, hb: 1000 } });
  let now = 0;
  let known: SquareSet | null = null;
  let delivered = 0;
  const check = (events: readonly BoardEvent[]) => {
    for (const e of events) {
      if (e.type === 'link') {
        if (e.state === 'connected') known = e.occupancy;
        if (e.state === 'resynced') {
          expect(known && [...Array(SQUARES).keys()].every((i) => known!.has(i) === e.occupancy.has(i)), 'a resync agrees with what was delivered').toBe(true);
        }
      } else if (e.type === 'lift' || e.type === 'place') {
        expect(e.square).toBeLessThan(SQUARES);
        expect(known, 'an event before the board is known').not.toBeNull();
        expect(known!.has(e.square), `${e.type} ${e.square + 1}`).toBe(e.type === 'lift');
        known = e.type === 'lift' ? known!.without(e.square) : known!.with(e.square);
        delivered++;
      }
    }
  };
  const hear = (line: string) => run({ type: 'line', decoded: decodeBoardLine(line) });
  function run(input: Parameters<Sequencer['step']>[0]): void {
    const out = seqr.step(input, now);
    check(out.events);
    for (const c of out.commands) {
      const text = encodeCommand(c);
      const [word, arg] = text.split(/[ *]/);
      if (word === 'HELLO') hear(HELLO);
      else if (word === 'SNAP') hear(framed(`SNAP ${board.seq} ${board.ms} ${hex(board.occ)} 0`));
      else if (word === 'RESEND') {
        const from = Number(arg);
        const oldest = board.seq - board.ring.length + 1;
        if (from < oldest && board.seq > 0) hear(framed(`ERR GONE oldest ${oldest}`));
        else {
          for (let s = Math.max(from, oldest); s <= board.seq; s++) hear(board.ring[s - oldest]);
          hear(framed('OK RESEND'));
        }
      } else hear(framed(`OK ${word}`));
    }
  }
  run({ type: 'open' });
  hear(HELLO);
  hear(framed(`SNAP 0 0 ${hex(board.occ)} 0`));
  for (const o of ops) {
    now += 5;
    board.ms += 5;
    switch (o.kind) {
      case 'event': {
        const sq = o.square - 1;
        board.occ[sq] = !board.occ[sq];
        board.seq++;
        const line = framed(`EV ${board.seq} ${board.ms} ${board.occ[sq] ? 'P' : 'L'} ${o.square} ${hex(board.occ)} 0`);
        board.ring.push(line);
        if (board.ring.length > 64) board.ring.shift();
        if (o.send === 'yes' || o.send === 'twice') hear(line);
        if (o.send === 'twice') hear(line);
        if (o.send === 'cut') hear(line.slice(0, line.length - 3));
        break;
      }
      case 'beaten': {
        // The next event's line with one field wrong and its CRC made right.
        const next = board.seq + 1;
        const sq = (o.value % SQUARES) + 1;
        const fields = { seq: String(o.field === 'seq' ? (o.value % 70) + 1 : next), type: o.field === 'type' ? (board.occ[sq - 1] ? 'P' : 'L') : board.occ[sq - 1] ? 'L' : 'P', square: String(sq), occ: o.field === 'occ' ? o.value.toString(16).toUpperCase().padStart(13, '0') : hex(board.occ) };
        hear(framed(`EV ${fields.seq} ${board.ms} ${fields.type} ${fields.square} ${fields.occ} 0`));
        break;
      }
      case 'garbage':
        hear(o.text);
        break;
      case 'hb':
        hear(framed(`HB ${board.seq} ${board.ms}`));
        break;
      case 'tick':
        now += o.ms;
        board.ms += o.ms;
        run({ type: 'tick' });
        break;
      case 'reopen':
        run({ type: 'close', reason: 'the port went away' });
        run({ type: 'open' });
        hear(HELLO);
        break;
    }
  }
  // The line goes quiet and clean: heartbeats, time to repair.
  for (let i = 0; i < 8; i++) {
    now += 1000;
    board.ms += 1000;
    hear(framed(`HB ${board.seq} ${board.ms}`));
    run({ type: 'tick' });
  }
  const snap = seqr.snapshot();
  expect(snap && hex([...Array(SQUARES).keys()].map((i) => snap.occupancy.has(i)))).toBe(hex(board.occ));
  expect(known && hex([...Array(SQUARES).keys()].map((i) => known!.has(i)))).toBe(hex(board.occ));
  return delivered;
}

describe('fuzz: the link on any line', () => {
  it('the decoder takes any bytes and any text without throwing', async () => {
    await fuzz('link: the decoder on any line', fc.property(fc.oneof(fc.string({ maxLength: 200 }), fc.uint8Array({ maxLength: 200 })), (line) => {
      const d = decodeBoardLine(line);
      expect(typeof d.ok).toBe('boolean');
    }), 2000);
  });

  it('lines lost, repeated, cut, garbled or with a beaten CRC, port restarts: never a lift from an empty square or a place on a full one, and in step with the board once the line is clean', async () => {
    let delivered = 0;
    await fuzz('link: a board and a damaged line', fc.property(fc.array(op, { minLength: 30, maxLength: 150 }), (ops) => {
      delivered += play(ops);
    }), 200);
    // The runs did make moves on the board and the link delivered them.
    expect(delivered).toBeGreaterThan(fuzzRuns(200) * 5);
  });
});
