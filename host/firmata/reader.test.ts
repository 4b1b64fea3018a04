// The Firmata reader driven by hand: StandardFirmata's answers and the host's time passed in,
// no port, no johnny-five, no simulator. What the Arduino would say is made up here the way
// StandardFirmata says it: a port reported whole, when its level differs from what it remembers.
import { describe, expect, it } from 'vitest';
import { readProfile } from '../../hardware/firmata/profile.ts';
import type { BoardEvent } from '../link/types.ts';
import { FirmataReader, PING_TIMEOUT_MS, type FirmataReport, type ReaderInput, type ReaderOptions, type ReaderOutput } from './reader.ts';

const loaded = readProfile();
if (!loaded.ok) throw new Error(loaded.reason);
const profile = loaded.profile;
const SQUARE_PINS = profile.squares['10x10'];
const CLOCK_PIN = profile.buttons.clock;
const MEGA: FirmataReport = {
  firmware: { name: 'StandardFirmata.ino', version: { major: 2, minor: 3 } },
  protocol: { major: 2, minor: 3 },
  pins: Array.from({ length: 70 }, () => ({ supportedModes: [0, 1] })),
};

/** A reader and what it gave, with the board's switches (closed pins) and the host's clock. */
function rig(options: Partial<ReaderOptions> = {}) {
  const reader = new FirmataReader({ profile, size: '10x10', path: '/dev/ttyACM0', ...options });
  const closed = new Set<number>();
  const out: ReaderOutput[] = [];
  let now = 0;
  /** Version queries sent and not answered yet. */
  let asked = 0;
  /** Whether the board answers (false: it fell silent). */
  let answering = true;
  const step = (input: ReaderInput, at = now): ReaderOutput => {
    now = at;
    if (input.type === 'version') asked = Math.max(0, asked - 1);
    const o = reader.step(input, now);
    asked += o.actions.filter((a) => a.type === 'ping').length;
    out.push(o);
    return o;
  };
  /** The board answers every version query sent, as StandardFirmata does within a loop(). */
  const answer = () => {
    while (answering && asked > 0) {
      step({ type: 'bytes', data: [0xf9, 2, 3] });
      step({ type: 'version' });
    }
  };
  const events = (): BoardEvent[] => out.flatMap((o) => o.events);
  const actions = (): string[] => out.flatMap((o) => o.actions.map((a) => a.type));
  const replies = () => out.flatMap((o) => o.replies);
  const readies = () => out.flatMap((o) => (o.ready ? [o.ready] : []));
  /** Ticks every ms up to `to`, as the shell does when a deadline is due; the board answers the queries a ms later. */
  const runTo = (to: number) => {
    while (now < to) {
      now++;
      answer();
      if (now >= reader.deadline()) step({ type: 'tick' });
    }
  };
  /** StandardFirmata's report of `pin`'s port, every read pin of it (1: open, 0: closed). */
  const reportPort = (pin: number) => {
    for (const p of [...SQUARE_PINS, ...Object.values(profile.buttons)]) if (p >> 3 === pin >> 3) step({ type: 'pin', pin: p, value: closed.has(p) ? 0 : 1 });
  };
  /** The board is read: the ports with an open switch are reported, then every version query answered. */
  const answerRead = () => {
    const ports = new Set([...SQUARE_PINS, ...Object.values(profile.buttons)].filter((p) => !closed.has(p)).map((p) => p >> 3));
    for (const port of ports) reportPort(port * 8);
    answer();
  };
  const connect = () => {
    step({ type: 'opened' });
    step({ type: 'bytes', data: [0xf9, 2, 3] });
    step({ type: 'ready', report: MEGA });
    answerRead();
  };
  const squares = () => events().flatMap((e) => (e.type === 'lift' || e.type === 'place' ? [`${e.type} ${e.square + 1}${e.source === 'snapshot' ? ' (snapshot)' : ''} @${e.t}`] : []));
  return { reader, closed, step, silence: () => (answering = false), events, actions, replies, readies, runTo, reportPort, answerRead, connect, squares, now: () => now };
}

describe('Firmata reader', () => {
  it('reads the board at connection: a port that is not reported reads 0, all its switches closed', () => {
    const r = rig();
    for (const sq of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 40]) r.closed.add(SQUARE_PINS[sq - 1]); // squares 3-10 fill port 3 (D24-D31)
    r.step({ type: 'opened' });
    expect(r.step({ type: 'ready', report: MEGA }).actions).toEqual([{ type: 'read', pins: [...SQUARE_PINS, 66, 67, 68, 69] }, { type: 'ping' }]);
    r.answerRead();
    expect(r.actions()).toEqual(['read', 'ping', 'ping', 'live']);
    const first = r.events()[0];
    expect(first.type === 'link' && first.state === 'connected' && first.hello).toMatchObject({ fw: 'StandardFirmata.ino 2.3', squares: 50, buttons: 4, extra: { firmata: '2.3', board: 'Arduino Mega 2560' } });
    expect([...r.reader.snapshot()!.occupancy].map((i) => i + 1)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 40]);
    expect(r.reader.health(0).state).toBe('connected');
  });

  it('a bounce shorter than the debounce time is no event; a lift is timed when its level became steady', () => {
    const r = rig({ config: { make: 5, break: 5 } });
    r.closed.add(SQUARE_PINS[31]);
    r.connect();
    r.runTo(100);
    r.step({ type: 'pin', pin: SQUARE_PINS[31], value: 1 }, 100); // open for 2 ms only
    r.runTo(102);
    r.step({ type: 'pin', pin: SQUARE_PINS[31], value: 0 }, 102);
    r.runTo(200);
    expect(r.squares()).toEqual([]);
    r.step({ type: 'pin', pin: SQUARE_PINS[31], value: 1 }, 200);
    expect(r.reader.deadline()).toBe(205);
    r.runTo(204);
    expect(r.squares()).toEqual([]);
    r.runTo(205);
    expect(r.squares()).toEqual(['lift 32 @200']);
  });

  it('a held button is one press and, much later, one release', () => {
    const r = rig();
    r.connect();
    r.step({ type: 'pin', pin: CLOCK_PIN, value: 0 }, 50);
    r.runTo(3000); // held for 3 s, heartbeats answered meanwhile
    const buttons = () => r.events().flatMap((e) => (e.type === 'button' ? [`${e.button} ${e.down ? 'down' : 'up'} @${e.t}`] : []));
    expect(buttons()).toEqual(['clock down @50']);
    expect(r.reader.snapshot()!.buttons).toEqual(['clock']);
    r.step({ type: 'pin', pin: CLOCK_PIN, value: 1 }, 3000);
    r.runTo(3010);
    expect(buttons()).toEqual(['clock down @50', 'clock up @3000']);
  });

  it('a restart (the firmware announces itself) reads the board again: what changed meanwhile, then resynced reboot', () => {
    const r = rig();
    r.closed.add(SQUARE_PINS[34]);
    r.connect();
    r.runTo(500);
    r.step({ type: 'firmware' });
    expect(r.reader.live).toBe(false);
    r.closed.delete(SQUARE_PINS[34]); // lifted while the Mega booted
    r.answerRead();
    expect(r.squares()).toEqual(['lift 35 (snapshot) @500']);
    const last = r.events().at(-1)!;
    expect(last.type === 'link' && last.state === 'resynced' && last.reason).toBe('reboot');
    expect(r.reader.health(500).reboots).toBe(1);
    expect(r.actions().filter((a) => a === 'read' || a === 'live')).toEqual(['read', 'live', 'read', 'live']);
  });

  it('a connect after the port was lost: lost, then the difference before resynced reconnect', () => {
    const r = rig();
    r.closed.add(SQUARE_PINS[30]);
    r.connect();
    r.step({ type: 'closed', detail: 'the device was unplugged' }, 100);
    r.closed.delete(SQUARE_PINS[30]);
    r.closed.add(SQUARE_PINS[25]);
    r.step({ type: 'open-failed', why: 'no such port' }, 200);
    r.connect();
    const links = r.events().flatMap((e) => (e.type === 'link' ? [`${e.state}${'reason' in e ? ` ${e.reason}` : ''}`] : []));
    expect(links).toEqual(['connected', 'lost port', 'resynced reconnect']);
    expect(r.squares()).toEqual(['lift 31 (snapshot) @200', 'place 26 (snapshot) @200']);
    expect(r.reader.health(200)).toMatchObject({ reconnects: 2, openFailures: 1, snapshotsUsed: 1, state: 'connected' });
  });

  it('3 heartbeat periods without a byte: lost, and the shell is told to drop the port', () => {
    const r = rig({ config: { hb: 100 } });
    r.connect();
    r.runTo(1000);
    expect(r.actions().filter((a) => a === 'ping').length).toBe(2 + 10); // the read, then one query per period
    expect(r.events().filter((e) => e.type === 'link').length).toBe(1);
    r.silence();
    r.runTo(1301);
    expect(r.events().at(-1)).toMatchObject({ type: 'link', state: 'lost', reason: 'heartbeat', detail: 'no answer for 301 ms' });
    expect(r.actions().at(-1)).toBe('drop');
    expect(r.reader.health(1301)).toMatchObject({ heartbeatLosses: 1, state: 'lost' });
  });

  it('confirms a command with the answer to the next version query; fails it when the board is not there', () => {
    const r = rig({ config: { hb: 0 } });
    expect(r.step({ type: 'confirm', id: 1, what: 'beep' }).replies).toEqual([{ id: 1, ok: false, error: expect.objectContaining({ code: 'timeout' }) }]);
    r.connect();
    expect(r.step({ type: 'confirm', id: 2, what: 'LED frame' }, 10).actions).toEqual([{ type: 'ping' }]);
    expect(r.step({ type: 'version' }, 12).replies).toEqual([{ id: 2, ok: true }]);
    r.silence();
    r.step({ type: 'confirm', id: 3, what: 'LED frame' }, 20);
    r.runTo(20 + PING_TIMEOUT_MS - 1);
    expect(r.replies().length).toBe(2);
    r.runTo(20 + PING_TIMEOUT_MS);
    expect(r.replies()[2]).toMatchObject({ id: 3, ok: false, error: { code: 'timeout', message: 'LED frame: no answer from the board within 2000 ms' } });
    expect(r.reader.health(r.now())).toMatchObject({ timeouts: 1, commandFailures: 2, state: 'connected' });
  });

  it('refuses an Arduino that does not answer as Firmata in time, or whose pins do not match the profile', () => {
    const silent = rig({ handshakeMs: 800 });
    silent.step({ type: 'opened' });
    silent.step({ type: 'bytes', data: [0x48, 0x45] }); // "HE": the dambord firmware's HELLO
    silent.runTo(799);
    expect(silent.readies()).toEqual([]);
    silent.runTo(800);
    expect(silent.readies()).toEqual([expect.objectContaining({ code: 'refused', message: expect.stringMatching(/answers, but not as Firmata at 57600 baud \(2 bytes of something else\).*Upload StandardFirmata/) })]);
    expect(silent.actions()).toEqual(['drop']);
    const uno = rig();
    uno.step({ type: 'opened' });
    const out = uno.step({ type: 'ready', report: { ...MEGA, pins: MEGA.pins.slice(0, 20) } });
    expect(out.ready).toMatchObject({ code: 'refused', message: expect.stringMatching(/runs StandardFirmata.ino, but this Arduino has 20 pins/) });
    expect(out.actions).toEqual([{ type: 'drop' }]);
  });
});
