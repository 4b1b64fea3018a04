import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SquareSet } from '../../../rules/squareSet.ts';
import { LineFaults, mulberry32 } from '../testing/fault.ts';
import type { FaultRates } from '../testing/fault.ts';
import { BoardPeer } from './boardPeer.ts';
import type { BoardEvent, LedFrame } from '../types.ts';
import { BOARD_BUTTONS } from '../types.ts';
import { framed, framedV1 } from '../testing/frame.ts';
import { decodeBoardLine } from './decode.ts';
import { encodeCommand } from './encode.ts';
import { Sequencer } from './sequencer.ts';
import type { SequencerInput, SequencerOptions, SequencerOutput } from './sequencer.ts';

const line = (text: string): SequencerInput => ({ type: 'line', decoded: decodeBoardLine(text) });
const f = framed;
const START = SquareSet.from([...Array.from({ length: 20 }, (_, i) => i), ...Array.from({ length: 20 }, (_, i) => 30 + i)]);

/** A sequencer wired by hand to a test peer: every command is answered at once, in order. */
class Rig {
  readonly seq: Sequencer;
  now = 0;
  readonly events: BoardEvent[] = [];
  readonly sent: string[] = [];
  readonly replies: SequencerOutput['replies'] = [];
  /** While true, commands are recorded but the peer does not hear them. */
  deaf = false;

  constructor(
    readonly peer: BoardPeer,
    options: SequencerOptions = {},
  ) {
    this.seq = new Sequencer(options);
  }

  input(i: SequencerInput): SequencerOutput {
    const out = this.seq.step(i, this.now);
    this.events.push(...out.events);
    this.replies.push(...out.replies);
    for (const c of out.commands) {
      const text = encodeCommand(c);
      this.sent.push(text.split('*')[0]);
      if (!this.deaf) for (const answer of this.peer.handle(text)) this.input(line(answer));
    }
    return out;
  }

  /** The peer's line reaches the host. */
  hear(text: string): void {
    this.input(line(text));
  }

  at(ms: number): void {
    this.now = ms;
    this.peer.ms = ms;
    this.input({ type: 'tick' });
  }

  connect(): void {
    this.input({ type: 'open' });
  }

  board(): string[] {
    return this.events.flatMap((e) => (e.type === 'lift' || e.type === 'place' ? [`${e.type} ${e.square + 1}`] : e.type === 'button' ? [`${e.button} ${e.down ? 'down' : 'up'}`] : []));
  }

  links(): string[] {
    return this.events.flatMap((e) => (e.type === 'link' ? [`${e.state}${'reason' in e ? ` ${e.reason}` : ''}`] : []));
  }

  clear(): void {
    this.events.length = 0;
    this.sent.length = 0;
  }
}

function connected(options: SequencerOptions = {}, peerOptions: ConstructorParameters<typeof BoardPeer>[0] = {}): Rig {
  const rig = new Rig(new BoardPeer({ occupancy: START, ...peerOptions }), options);
  rig.connect();
  rig.clear();
  return rig;
}

describe('sequencer: connecting', () => {
  it('asks only HELLO on open, while the board may be starting; SNAP and the configuration once it has said HELLO', () => {
    // A board whose port opens is often starting (DTR resets an Arduino; a simulated board powers
    // up) and does not listen yet: what is written then is lost. Its start-up HELLO is the answer.
    const peer = new BoardPeer({ occupancy: START, boot: 3 });
    const rig = new Rig(peer, { config: { hb: 500 } });
    rig.deaf = true; // nothing written now reaches the board
    rig.connect();
    expect(rig.sent).toEqual(['HELLO']);
    rig.deaf = false;
    rig.clear();
    rig.hear(peer.helloLine()); // the board has started
    expect(rig.sent).toEqual(['SNAP', 'CFG hb=500']);
    expect(rig.links()).toEqual(['connected']);
    rig.at(1200); // after any answer was due (1000 ms), before the heartbeat is missed (3 x 500 ms)
    expect(rig.seq.health(1200)).toMatchObject({ state: 'connected', timeouts: 0, retries: 0, commandFailures: 0 });
  });

  it('asks SNAP and the configuration again after a reconnect, once the board has said HELLO', () => {
    const rig = connected({ config: { hb: 500 } });
    rig.input({ type: 'close', reason: 'unplugged' });
    rig.deaf = true;
    rig.connect();
    expect(rig.sent).toEqual(['HELLO']);
    rig.deaf = false;
    rig.clear();
    rig.hear(rig.peer.helloLine());
    expect(rig.sent).toEqual(['SNAP', 'CFG hb=500']);
  });

  it('gives its times since the last line in whole milliseconds', () => {
    const rig = connected();
    rig.hear(rig.peer.heartbeatLine());
    expect(rig.seq.health(rig.now + 16.527060000000347)).toMatchObject({ msSinceLastLine: 17, msSinceLastValidLine: 17 });
  });

  it('asks HELLO on open, SNAP and the configuration when the board answers, and reports the board and its occupancy', () => {
    const rig = new Rig(new BoardPeer({ occupancy: START, boot: 7 }), { config: { hb: 500 } });
    rig.connect();
    expect(rig.sent).toEqual(['HELLO', 'SNAP', 'CFG hb=500']);
    expect(rig.links()).toEqual(['connected']);
    const ev = rig.events[0];
    expect(ev.type === 'link' && ev.state === 'connected' && ev.occupancy.equals(START) && ev.hello.boot === 7).toBe(true);
    expect(rig.seq.snapshot()).toMatchObject({ squares: 50, seq: 0, buttons: [] });
    expect(rig.seq.health(0)).toMatchObject({ state: 'connected', linesOk: 3, snapshotsUsed: 0 });
  });

  it('a SNAP before any HELLO is not trusted: HELLO first, then SNAP again', () => {
    const peer = new BoardPeer({ occupancy: START });
    const rig = new Rig(peer);
    rig.deaf = true;
    rig.connect();
    rig.deaf = false;
    rig.hear(peer.snapLine());
    expect(rig.links()).toEqual([]);
    rig.hear(peer.helloLine());
    expect(rig.links()).toEqual(['connected']);
  });

  it('events that arrive before the first snapshot are kept and delivered after it, those it covers dropped', () => {
    const peer = new BoardPeer({ occupancy: START });
    const rig = new Rig(peer);
    rig.deaf = true;
    rig.connect();
    rig.hear(peer.helloLine()); // the SNAP it asks is answered below, after the events
    rig.deaf = false;
    rig.hear(peer.lift(31)); // covered by the snapshot below
    const snap = peer.snapLine();
    const place = peer.place(27);
    rig.hear(place); // arrives before the snapshot
    rig.hear(snap);
    expect(rig.board()).toEqual(['place 28']);
    expect(rig.seq.snapshot()?.occupancy.equals(peer.occupancy)).toBe(true);
  });
});

describe('sequencer: repair by sequence number (docs/protocol.md "Repair")', () => {
  it('the transcript: event 3 lost, RESEND 3, the duplicate 4 dropped', () => {
    const rig = connected();
    const { peer } = rig;
    rig.hear(peer.lift(31));
    rig.hear(peer.place(27));
    rig.hear(peer.heartbeatLine());
    peer.lift(18); // lost on the way
    rig.hear(peer.place(22));
    expect(rig.board()).toEqual(['lift 32', 'place 28', 'lift 19', 'place 23']);
    expect(rig.sent).toEqual(['RESEND 3']);
    expect(rig.seq.health(0)).toMatchObject({ gaps: 1, gapsRepaired: 1, resends: 1, duplicatesDropped: 1, outOfOrder: 1, state: 'connected' });
    expect(rig.events.filter((e) => e.type !== 'link').map((e) => ('seq' in e ? e.seq : 0))).toEqual([1, 2, 3, 4]);
  });

  const table: { name: string; run: (rig: Rig) => void; board: string[]; sent: string[]; health: Record<string, number>; truth?: false }[] = [
    {
      name: 'in order: delivered as they come, nothing sent',
      run: (rig) => {
        for (const l of [rig.peer.lift(31), rig.peer.place(27), rig.peer.press('clock'), rig.peer.release('clock')]) rig.hear(l);
      },
      board: ['lift 32', 'place 28', 'clock down', 'clock up'],
      sent: [],
      health: { linesOk: 2 + 4, gaps: 0 },
    },
    {
      name: 'a duplicate is dropped',
      run: (rig) => {
        const l = rig.peer.lift(31);
        rig.hear(l);
        rig.hear(l);
      },
      board: ['lift 32'],
      sent: [],
      health: { duplicatesDropped: 1, gaps: 0 },
    },
    {
      name: 'a reorder is held and released in order',
      run: (rig) => {
        const a = rig.peer.lift(31);
        const b = rig.peer.place(27);
        rig.hear(b);
        rig.hear(a);
      },
      board: ['lift 32', 'place 28'],
      sent: ['RESEND 1'],
      health: { outOfOrder: 1, gaps: 1, gapsRepaired: 1, duplicatesDropped: 2 },
    },
    {
      name: 'a heartbeat naming a later number asks RESEND',
      run: (rig) => {
        rig.peer.lift(31);
        rig.hear(rig.peer.heartbeatLine());
      },
      board: ['lift 32'],
      sent: ['RESEND 1'],
      health: { gaps: 1, gapsRepaired: 1, resends: 1 },
    },
    {
      name: 'a periodic snapshot naming a later number asks RESEND, then agrees',
      run: (rig) => {
        rig.peer.lift(31);
        rig.hear(rig.peer.snapLine());
      },
      board: ['lift 32'],
      sent: ['RESEND 1'],
      health: { gaps: 1, gapsRepaired: 1, mismatches: 0, snapshotsUsed: 0 },
    },
    {
      name: 'a corrupted line is counted; the next event shows the gap',
      run: (rig) => {
        rig.hear(rig.peer.lift(31).replace('L 32', 'L 33'));
        rig.hear(rig.peer.place(27));
      },
      board: ['lift 32', 'place 28'],
      sent: ['RESEND 1'],
      health: { crcErrors: 1, gaps: 1, gapsRepaired: 1 },
    },
    {
      name: 'garbage of every kind is counted and changes nothing',
      run: (rig) => {
        for (const g of ['', 'noise', '\u0000\u00ff*0000', f('WHAT'), f('EV 1 2 L 99 0 0'), f(`ERR ${'x'.repeat(124)}`), f('EV 1 2 Q 3 0 0')]) rig.hear(g);
      },
      board: [],
      sent: [],
      health: { syntaxErrors: 4, crcErrors: 1, unknownLines: 1, longLines: 1, linesOk: 2 },
    },
    {
      name: 'ERR GONE: the ring lost the gap, a snapshot is turned into events in square order',
      run: (rig) => {
        const { peer } = rig;
        peer.lift(31);
        peer.place(27);
        peer.lift(0);
        for (let i = 0; i < 4; i++) {
          peer.press('jadoube');
          peer.release('jadoube');
        }
        rig.hear(peer.place(25));
      },
      board: ['lift 1', 'place 26', 'place 28', 'lift 32'],
      sent: ['RESEND 1', 'SNAP'],
      health: { gaps: 1, gapsRepaired: 0, snapshotsUsed: 1, errorReplies: 1 },
    },
    {
      name: 'an impossible event (a piece placed on an occupied square) is not delivered but asked again; the board has none',
      run: (rig) => {
        rig.hear(f('EV 1 10 P 1 3FFFFC00FFFFF 0'));
      },
      board: [],
      sent: ['RESEND 1'],
      health: { invalidEvents: 1, resends: 1, snapshotsUsed: 0 },
    },
    {
      name: 'an impossible event the board sends again the same: the link re-bases on a snapshot',
      run: (rig) => {
        rig.hear(f('EV 1 10 P 1 3FFFFC00FFFFF 0'));
        rig.hear(f('EV 1 10 P 1 3FFFFC00FFFFF 0'));
      },
      board: [],
      sent: ['RESEND 1', 'SNAP'],
      health: { invalidEvents: 2, snapshotsUsed: 1 },
    },
    {
      name: 'an event whose inputs after it are not the link\'s with it applied (a damaged line its CRC let through) is asked again, and the real one delivered',
      run: (rig) => {
        const real = rig.peer.lift(31);
        rig.deaf = true;
        rig.hear(f(real.split('*')[0].replace(' L 32 ', ' L 33 '))); // valid CRC, wrong square
        rig.deaf = false;
        expect(rig.sent).toEqual(['RESEND 1']);
        rig.hear(real);
      },
      board: ['lift 32'],
      sent: ['RESEND 1'],
      health: { invalidEvents: 1, mismatches: 0, snapshotsUsed: 0 },
    },
    {
      name: 'an event timed before the event it follows is not delivered',
      run: (rig) => {
        rig.peer.ms = 500;
        rig.hear(rig.peer.lift(31));
        rig.peer.ms = 900;
        const real = rig.peer.place(27);
        rig.deaf = true;
        rig.hear(f(real.split('*')[0].replace(' 900 ', ' 400 ')));
        rig.deaf = false;
        rig.hear(real);
      },
      board: ['lift 32', 'place 28'],
      sent: ['RESEND 2'],
      health: { invalidEvents: 1, snapshotsUsed: 0 },
    },
    {
      name: 'a snapshot that disagrees at the same number is checked with a fresh one, which agrees',
      run: (rig) => {
        rig.hear(f('SNAP 0 0 3FFFFC00FFFFE 1'));
      },
      board: [],
      sent: ['SNAP'],
      health: { mismatches: 1, snapshotsUsed: 0 },
    },
    {
      name: 'a heartbeat older than what was delivered probes HELLO (a restart whose HELLO was lost?)',
      run: (rig) => {
        rig.hear(rig.peer.lift(31));
        rig.hear(f('HB 0 5'));
      },
      board: ['lift 32'],
      sent: ['HELLO', 'SNAP'],
      health: { staleLines: 1, mismatches: 0, snapshotsUsed: 0 },
    },
    {
      name: 'a stray event the board never sent, that fits: its heartbeat is behind, HELLO says same boot, a fresh snapshot re-bases',
      run: (rig) => {
        rig.hear(f('EV 1 10 L 50 1FFFFC00FFFFF 0'));
        rig.hear(rig.peer.heartbeatLine());
      },
      board: ['lift 50', 'place 50'],
      sent: ['HELLO', 'SNAP'],
      health: { staleLines: 2, mismatches: 1, snapshotsUsed: 1 },
    },
  ];
  it.each(table)('$name', ({ run, board, sent, health, truth }) => {
    const rig = connected({}, { ring: 4 });
    run(rig);
    expect(rig.board()).toEqual(board);
    expect(rig.sent).toEqual(sent);
    expect(rig.seq.health(0)).toMatchObject(health);
    if (truth !== false) expect(rig.seq.snapshot()?.occupancy.equals(rig.peer.occupancy)).toBe(true);
  });

  it('a snapshot that disagrees twice at the same number wins, as events', () => {
    const rig = connected();
    rig.deaf = true;
    rig.hear(f('SNAP 0 10 3FFFFC00FFFFE 1'));
    expect(rig.sent).toEqual(['SNAP']);
    expect(rig.board()).toEqual([]);
    rig.hear(f('SNAP 0 11 3FFFFC00FFFFE 1'));
    expect(rig.board()).toEqual(['lift 1', 'jadoube down']);
    expect(rig.links()).toEqual(['resynced mismatch']);
    expect(rig.seq.health(0)).toMatchObject({ mismatches: 2, snapshotsUsed: 1 });
  });

  it('the issue: EV 1 L 33 with a valid CRC, the real EV 1 L 32 after it, EV 2 P 28: 32-28 is delivered, never 33-28', () => {
    const rig = connected();
    const { peer } = rig;
    peer.ms = 1204;
    const real1 = peer.lift(31);
    peer.ms = 1484;
    const real2 = peer.place(27);
    const damaged = f(real1.split('*')[0].replace(' L 32 ', ' L 33 '));
    expect(damaged.startsWith('EV 1 1204 L 33 ')).toBe(true);
    rig.deaf = true;
    for (const l of [damaged, real1, real2]) rig.hear(l);
    rig.deaf = false;
    rig.hear(peer.snapLine());
    expect(rig.board()).toEqual(['lift 32', 'place 28']);
    expect(rig.events.filter((e) => e.type !== 'link').every((e) => 'source' in e && e.source === 'board')).toBe(true);
    expect(rig.seq.snapshot()?.occupancy.equals(peer.occupancy)).toBe(true);
    expect(rig.seq.health(0)).toMatchObject({ invalidEvents: 1, mismatches: 0, snapshotsUsed: 0, state: 'connected' });
  });

  it('sequence numbers wrap from 65535 to 1, through a gap', () => {
    const rig = connected({}, { lastSeq: 65534 });
    const { peer } = rig;
    rig.hear(peer.lift(31)); // 65535
    peer.place(27); // 1, lost
    rig.hear(peer.lift(27 - 27)); // 2
    expect(rig.sent).toEqual(['RESEND 1']);
    expect(rig.events.map((e) => ('seq' in e ? e.seq : -1))).toEqual([65535, 1, 2]);
  });

  it('RESEND that keeps failing to make progress falls back to a snapshot', () => {
    const rig = connected({ replyTimeoutMs: 100, maxRetries: 2 });
    rig.deaf = true;
    rig.peer.lift(31);
    rig.hear(rig.peer.heartbeatLine());
    for (let t = 100; t <= 300; t += 100) rig.at(t);
    expect(rig.sent).toEqual(['RESEND 1', 'RESEND 1', 'RESEND 1', 'SNAP']);
    rig.deaf = false;
    rig.hear(rig.peer.snapLine());
    expect(rig.board()).toEqual(['lift 32']);
    expect(rig.links()).toEqual(['resynced resend-failed']);
    expect(rig.events[0]).toMatchObject({ source: 'snapshot' });
  });

  it('too many events held behind a gap fall back to a snapshot', () => {
    const rig = connected({ maxHeld: 3 });
    rig.deaf = true;
    rig.peer.lift(31);
    for (const sq of [0, 1, 2, 3]) rig.hear(rig.peer.lift(sq));
    rig.deaf = false;
    rig.hear(rig.peer.snapLine());
    expect(rig.links()).toEqual(['resynced overflow']);
    expect(rig.board()).toEqual(['lift 1', 'lift 2', 'lift 3', 'lift 4', 'lift 32']);
  });
});

describe('sequencer: restarts, silence and the port', () => {
  it('a board restart (new boot): SNAP, settings and LEDs restored, differences as events, time goes on', () => {
    const leds: LedFrame = Array.from({ length: 50 }, (_, i) => (i === 0 ? 'fast' : 'off'));
    const rig = connected({ config: { hb: 500 } });
    rig.input({ type: 'command', id: 1, command: { type: 'led', frame: leds } });
    const { peer } = rig;
    rig.now = 90_000;
    peer.ms = 90_000;
    rig.hear(peer.lift(31));
    const [hello] = peer.reboot(8); // its boot SNAP is lost
    peer.lift(0); // seq 1 of the new boot, lost with the banner's neighbour
    rig.clear();
    rig.hear(hello);
    expect(rig.sent).toEqual(['SNAP', 'CFG hb=500', `LED F${'0'.repeat(49)}`]);
    expect(rig.board()).toEqual(['lift 1']);
    expect(rig.links()).toEqual(['resynced reboot']);
    expect(peer.leds[0]).toBe('fast');
    expect(peer.config.hb).toBe(500);
    expect(rig.seq.health(0)).toMatchObject({ reboots: 1, snapshotsUsed: 1 });
    const ts = rig.events.map((e) => e.t);
    expect(Math.min(...ts)).toBeGreaterThanOrEqual(90_000);
    rig.at(90_100);
    rig.hear(peer.place(0));
    expect(rig.events.at(-1)).toMatchObject({ type: 'place', square: 0, seq: 2, source: 'board' });
    expect(rig.events.at(-1)?.t).toBeGreaterThanOrEqual(90_000);
  });

  it('board time wraps at 2^32 and the delivered time goes on', () => {
    const rig = connected({}, { ms: 4294967000 });
    rig.peer.ms = 4294967000;
    rig.hear(rig.peer.lift(31));
    rig.peer.ms = 200;
    rig.hear(rig.peer.place(27));
    const [a, b] = rig.events;
    expect(b.t - a.t).toBe(496);
  });

  it('heartbeat: 3 silent periods -> lost and HELLO; the board answers -> SNAP, in step -> resynced', () => {
    const rig = connected({ config: { hb: 100 }, replyTimeoutMs: 1000 });
    rig.deaf = true;
    rig.at(250);
    rig.at(301);
    expect(rig.links()).toEqual(['lost heartbeat']);
    expect(rig.sent).toEqual(['HELLO']);
    rig.at(320);
    expect(rig.links()).toEqual(['lost heartbeat']);
    rig.deaf = false;
    rig.hear(rig.peer.heartbeatLine());
    expect(rig.sent).toEqual(['HELLO', 'SNAP']);
    rig.hear(rig.peer.helloLine());
    rig.hear(rig.peer.snapLine());
    expect(rig.links()).toEqual(['lost heartbeat', 'resynced heartbeat']);
    expect(rig.seq.health(400)).toMatchObject({ heartbeatLosses: 1, state: 'connected', msSinceLastValidLine: 80 });
  });

  it('the port closes and opens again: events missed meanwhile are resent, then resynced', () => {
    const rig = connected();
    rig.input({ type: 'close', reason: 'unplugged' });
    expect(rig.links()).toEqual(['lost port']);
    expect(rig.seq.health(0).state).toBe('lost');
    rig.peer.lift(31);
    rig.peer.place(27);
    rig.input({ type: 'open' });
    expect(rig.sent).toEqual(['HELLO', 'SNAP', 'RESEND 1']);
    expect(rig.board()).toEqual(['lift 32', 'place 28']);
    expect(rig.links()).toEqual(['lost port', 'resynced reconnect']);
    expect(rig.seq.health(0)).toMatchObject({ reconnects: 1, snapshotsUsed: 0, state: 'connected' });
  });
});

describe('sequencer: a board of another protocol version', () => {
  const incompatible = (rig: Rig) => rig.events.flatMap((e) => (e.type === 'link' && e.state === 'incompatible' ? [e.detail] : []));

  it('a HELLO of protocol 1 (firmware 1.0.0, CRC-8): said at once, naming the command that flashes the new firmware; then nothing more', () => {
    const rig = new Rig(new BoardPeer({ occupancy: START }), { path: '/dev/ttyUSB0' });
    rig.deaf = true;
    rig.connect();
    rig.hear(framedV1('HELLO dambord 1.0.0 squares=32 buttons=4 caps=leds,blink,beep,snapshot,resend,config,heartbeat ring=64 boot=7'));
    const [detail] = incompatible(rig);
    expect(detail).toMatch(/dambord firmware 1\.0\.0, which speaks link protocol 1/);
    expect(detail).toMatch(/flash it with dambord flash --port \/dev\/ttyUSB0 --board 8x8$/);
    expect(rig.seq.health(0).state).toBe('incompatible');
    rig.clear();
    rig.hear(rig.peer.helloLine());
    rig.at(10_000);
    rig.input({ type: 'command', id: 1, command: { type: 'beep', hz: 440, ms: 10 } });
    expect(rig.events).toEqual([]);
    expect(rig.sent).toEqual([]);
    expect(rig.replies).toEqual([{ id: 1, ok: false, error: expect.objectContaining({ code: 'refused', message: detail }) }]);
  });

  it('three lines of protocol 1 in a row (a board already running: its answers to our HELLO and its heartbeats)', () => {
    const rig = new Rig(new BoardPeer({ occupancy: START }));
    rig.deaf = true;
    rig.connect();
    rig.hear(framedV1('ERR SYNTAX no checksum'));
    rig.hear(framedV1('ERR SYNTAX no checksum'));
    expect(incompatible(rig)).toEqual([]);
    rig.hear(framedV1('HB 0 1000'));
    expect(incompatible(rig)).toEqual([expect.stringMatching(/lines of link protocol 1 .* dambord flash --port PORT \(with --board 8x8 for an 8x8 board\)$/)]);
  });

  it('a HELLO of another protocol: an older one is flashed, a newer one asks for a newer dambord', () => {
    const old = new Rig(new BoardPeer({ occupancy: START, proto: 1, fw: '1.5.0' }), { path: '/dev/ttyACM0' });
    old.connect();
    expect(incompatible(old)).toEqual(["the board's firmware 1.5.0 speaks link protocol 1, this dambord 2: flash the firmware that comes with this dambord: dambord flash --port /dev/ttyACM0"]);
    expect(old.links()).toEqual(['incompatible']);
    const newer = new Rig(new BoardPeer({ occupancy: START, proto: 3, fw: '3.0.0' }));
    newer.connect();
    expect(incompatible(newer)).toEqual([expect.stringMatching(/protocol 3, this dambord 2: update dambord on this computer/)]);
  });
});

describe('sequencer: commands and their answers', () => {
  const leds: LedFrame = Array.from({ length: 50 }, () => 'on');

  it('OK answers resolve commands; CFG hb changes the heartbeat watch once confirmed', () => {
    const rig = connected();
    rig.input({ type: 'command', id: 1, command: { type: 'led', frame: leds } });
    rig.input({ type: 'command', id: 2, command: { type: 'beep', hz: 440, ms: 100 } });
    rig.input({ type: 'command', id: 3, command: { type: 'cfg', config: { hb: 50 } } });
    expect(rig.replies).toEqual([
      { id: 1, ok: true },
      { id: 2, ok: true },
      { id: 3, ok: true },
    ]);
    expect(rig.peer.beeps).toEqual([{ hz: 440, ms: 100 }]);
    rig.deaf = true;
    rig.at(151);
    expect(rig.links()).toEqual(['lost heartbeat']);
  });

  it('invalid commands are refused without sending; while closed they fail but LED/CFG are kept', () => {
    const rig = connected();
    rig.input({ type: 'command', id: 1, command: { type: 'led', frame: ['on'] } });
    rig.input({ type: 'command', id: 2, command: { type: 'beep', hz: 20, ms: 100 } });
    rig.input({ type: 'close', reason: 'x' });
    rig.input({ type: 'command', id: 3, command: { type: 'led', frame: leds } });
    expect(rig.replies.map((r) => (r.ok ? 'ok' : r.error.code))).toEqual(['invalid', 'invalid', 'closed']);
    expect(rig.sent).toEqual([]);
    rig.input({ type: 'open' });
    expect(rig.sent).toEqual(['HELLO', 'SNAP', `LED ${'1'.repeat(50)}`]);
    expect(rig.peer.leds.every((p) => p === 'on')).toBe(true);
  });

  it('ERR CRC is answered by sending again; ERR ARG fails the command; unmatched answers are counted', () => {
    const rig = connected();
    rig.deaf = true;
    rig.input({ type: 'command', id: 1, command: { type: 'beep', hz: 440, ms: 100 } });
    rig.input({ type: 'command', id: 2, command: { type: 'led', frame: leds } });
    rig.hear(f('ERR CRC'));
    expect(rig.sent).toEqual(['BEEP 440 100', `LED ${'1'.repeat(50)}`, 'BEEP 440 100']);
    rig.hear(f('ERR ARG LED no such pattern'));
    rig.hear(f('OK BEEP'));
    rig.hear(f('OK BEEP'));
    expect(rig.replies.map((r) => (r.ok ? 'ok' : r.error.code))).toEqual(['refused', 'ok']);
    expect(rig.seq.health(0)).toMatchObject({ errorReplies: 2, retries: 1, unexpectedReplies: 1, commandFailures: 1 });
  });

  it('an unanswered command is sent again after the timeout, then fails', () => {
    const rig = connected({ replyTimeoutMs: 100, maxRetries: 1, config: { hb: 0 } });
    rig.deaf = true;
    rig.clear();
    rig.input({ type: 'command', id: 9, command: { type: 'beep', hz: 440, ms: 100 } });
    rig.at(100);
    rig.at(200);
    expect(rig.sent).toEqual(['BEEP 440 100', 'BEEP 440 100']);
    expect(rig.replies).toEqual([{ id: 9, ok: false, error: expect.objectContaining({ code: 'timeout' }) }]);
    expect(rig.seq.health(200)).toMatchObject({ timeouts: 2, retries: 1, commandFailures: 1 });
  });

  it('pending commands fail when the port closes', () => {
    const rig = connected();
    rig.deaf = true;
    rig.input({ type: 'command', id: 4, command: { type: 'beep', hz: 440, ms: 100 } });
    rig.input({ type: 'close', reason: 'gone' });
    expect(rig.replies).toEqual([{ id: 4, ok: false, error: expect.objectContaining({ code: 'closed' }) }]);
  });
});

// ---- the property: a lossy, duplicating, corrupting, reordering line in both directions ----

interface SimResult {
  delivered: BoardEvent[];
  truth: { seq: number; ms: number; what: string }[];
  seq: Sequencer;
  peer: BoardPeer;
  initial: SquareSet;
  rebooted: boolean;
}

/**
 * Plays hands on a test peer through two faulty line channels into a sequencer, in virtual
 * time: 5 ms steps, a heartbeat every 100 ms, a tick every step. After the hands, faults stop
 * and the link gets 3 s to settle. A board lives at least 1 s between restarts.
 */
function simulate(opts: { seed: number; hands: { dt: number; pick: number; reboot: boolean }[]; ring: number; lastSeq: number; read: FaultRates; write: FaultRates }): SimResult {
  const random = mulberry32(opts.seed);
  const initial = SquareSet.from(Array.from({ length: 50 }, (_, i) => i).filter(() => random() < 0.5));
  const peer = new BoardPeer({ occupancy: initial, ring: opts.ring, lastSeq: opts.lastSeq, ms: 1000 });
  const seq = new Sequencer({ config: { hb: 100 }, replyTimeoutMs: 150 });
  const toHost = new LineFaults({}, random);
  const toBoard = new LineFaults({}, random);
  const delivered: BoardEvent[] = [];
  const truth: SimResult['truth'] = [];
  let now = 0;
  let rebooted = false;
  let bootAt = 0;
  const hostInbox: string[] = [];

  const boardSends = (text: string) => {
    for (const b of toHost.push(Buffer.from(text, 'latin1'))) for (const l of b.toString('latin1').split('\n')) if (l !== '') hostInbox.push(l);
  };
  let sentAt = -1;
  let sentNow = 0;
  const run = (i: SequencerInput) => {
    const out = seq.step(i, now);
    if (now !== sentAt) [sentAt, sentNow] = [now, 0];
    sentNow += out.commands.length;
    // The link must not talk in circles: a few commands per instant at most.
    if (sentNow > 50) throw new Error(`${sentNow} commands at ${now} ms: ${out.commands.map((c) => c.type).join(' ')}`);
    delivered.push(...out.events);
    for (const c of out.commands) {
      for (const b of toBoard.push(Buffer.from(encodeCommand(c), 'latin1'))) {
        for (const l of b.toString('latin1').split('\n')) if (l !== '') for (const answer of peer.handle(l)) boardSends(answer);
      }
    }
  };
  const pump = () => {
    while (hostInbox.length > 0) run({ type: 'line', decoded: decodeBoardLine(hostInbox.shift() as string) });
  };
  const advance = (ms: number) => {
    for (let t = 0; t < ms; t += 5) {
      now += 5;
      peer.ms += 5;
      if (now % 100 === 0) boardSends(peer.heartbeatLine());
      pump();
      run({ type: 'tick' });
      pump();
    }
  };

  run({ type: 'open' });
  pump();
  expect(seq.snapshot()).not.toBe(null);
  toHost.rates = opts.read;
  toBoard.rates = opts.write;
  for (const h of opts.hands) {
    advance(h.dt);
    let text: string;
    if (h.reboot) {
      // A board whose banner is lost is recognised by its clock going back: that needs the
      // previous boot to have lived a few heartbeats (the protocol's HB carries no boot number).
      if (now - bootAt < 1000) advance(1000 - (now - bootAt));
      bootAt = now;
      text = peer.reboot(peer.boot + 1).join('');
      rebooted = true;
    } else {
      const squares = Array.from({ length: 50 }, (_, i) => i);
      const sq = squares[h.pick % 50];
      const button = BOARD_BUTTONS[h.pick % 4];
      if (h.pick % 7 === 0) text = peer.buttons & (1 << (h.pick % 4)) ? peer.release(button) : peer.press(button);
      else text = peer.occupancy.has(sq) ? peer.lift(sq) : peer.place(sq);
      const m = decodeBoardLine(text);
      if (m.ok && m.message.type === 'event') {
        const e = m.message;
        truth.push({ seq: e.seq, ms: e.ms, what: e.kind === 'lift' || e.kind === 'place' ? `${e.kind} ${e.square}` : `${e.button} ${e.kind === 'down'}` });
      }
    }
    boardSends(text);
  }
  toHost.rates = {};
  toBoard.rates = {};
  for (const b of toHost.flush()) hostInbox.push(...b.toString('latin1').split('\n').filter((l) => l !== ''));
  toBoard.flush();
  advance(3000);
  return { delivered, truth, seq, peer, initial, rebooted };
}

/** Applying the delivered events to the initial occupancy never lifts from an empty square or places on a full one. */
function replay(initial: SquareSet, events: readonly BoardEvent[]): SquareSet {
  let occ = initial;
  let lastT = -Infinity;
  for (const e of events) {
    expect(e.t).toBeGreaterThanOrEqual(lastT);
    lastT = e.t;
    if (e.type === 'lift') {
      expect(occ.has(e.square)).toBe(true);
      occ = occ.without(e.square);
    } else if (e.type === 'place') {
      expect(occ.has(e.square)).toBe(false);
      occ = occ.with(e.square);
    }
  }
  return occ;
}

const hands = (reboots: boolean) =>
  fc.array(fc.record({ dt: fc.integer({ min: 0, max: 250 }), pick: fc.nat({ max: 10_000 }), reboot: reboots ? fc.nat({ max: 9 }).map((n) => n === 0) : fc.constant(false) }), {
    minLength: 1,
    maxLength: 80,
  });
/** Fault rates in whole per cent up to `max` (fc.double would mostly pick 0). */
const rates = (max: number) => {
  const pc = fc.integer({ min: 0, max: Math.round(max * 100) }).map((n) => n / 100);
  return fc.record({ drop: pc, duplicate: pc, flip: pc, reorder: pc });
};

/** Runs per property; LINK_FUZZ_RUNS=5000 for a longer search. */
const RUNS = Number(process.env.LINK_FUZZ_RUNS ?? 150);

describe('sequencer: properties over a faulty line', () => {
  it('with a ring that holds every gap, the delivered events are exactly the board\'s (else the final occupancy is right)', () => {
    let exact = 0;
    let runs = 0;
    const totals: Record<string, number> = {};
    fc.assert(
      fc.property(fc.integer(), hands(false), rates(0.3), rates(0.15), fc.constantFrom(0, 65500, 65530), (seed, h, read, write, lastSeq) => {
        const r = simulate({ seed, hands: h, ring: 256, lastSeq, read, write });
        runs++;
        for (const [k, v] of Object.entries(r.seq.health(0))) if (typeof v === 'number') totals[k] = (totals[k] ?? 0) + v;
        const health = r.seq.health(0);
        expect(health.state).toBe('connected');
        const snap = r.seq.snapshot();
        expect(snap?.occupancy.equals(r.peer.occupancy)).toBe(true);
        expect(replay(r.initial, r.delivered)).toEqual(r.peer.occupancy);
        if (health.snapshotsUsed === 0) {
          exact++;
          const got = r.delivered.flatMap((e) =>
            e.type === 'lift' || e.type === 'place' ? [{ seq: e.seq, what: `${e.type} ${e.square}` }] : e.type === 'button' ? [{ seq: e.seq, what: `${e.button} ${e.down}` }] : [],
          );
          expect(got).toEqual(r.truth.map(({ seq, what }) => ({ seq, what })));
        }
      }),
      { numRuns: RUNS },
    );
    // The exact branch must not be vacuous.
    expect(exact).toBeGreaterThan(runs / 3);
    // ...and the faults must have happened.
    for (const k of ['crcErrors', 'syntaxErrors', 'gaps', 'gapsRepaired', 'duplicatesDropped', 'outOfOrder', 'errorReplies', 'timeouts']) expect(totals[k], k).toBeGreaterThan(0);
  });

  it('with a small ring and board restarts, the final occupancy and buttons equal the board\'s', () => {
    const totals: Record<string, number> = {};
    fc.assert(
      fc.property(fc.integer(), hands(true), rates(0.3), rates(0.15), fc.integer({ min: 2, max: 8 }), (seed, h, read, write, ring) => {
        const r = simulate({ seed, hands: h, ring, lastSeq: 0, read, write });
        for (const [k, v] of Object.entries(r.seq.health(0))) if (typeof v === 'number') totals[k] = (totals[k] ?? 0) + v;
        expect(r.seq.health(0).state).toBe('connected');
        const snap = r.seq.snapshot();
        expect(snap?.occupancy.equals(r.peer.occupancy)).toBe(true);
        expect(snap?.buttons).toEqual(BOARD_BUTTONS.filter((_, i) => (r.peer.buttons & (1 << i)) !== 0));
        expect(replay(r.initial, r.delivered)).toEqual(r.peer.occupancy);
      }),
      { numRuns: RUNS },
    );
    for (const k of ['crcErrors', 'gaps', 'snapshotsUsed', 'reboots', 'errorReplies']) expect(totals[k], k).toBeGreaterThan(0);
  });
});
