import { afterAll, describe, expect, it } from 'vitest';
import { connect } from 'mqtt';
import { startEmbeddedBroker, type EmbeddedBroker } from './broker.ts';
import { checkBoardState } from './checkState.ts';
import { openPublisher, openSubscriber, type Publisher, type Subscriber } from './mqttLink.ts';
import { mosquittoAvailable, startMosquitto } from './testing/mosquitto.ts';
import { boardTopic, eventFilter, parseBoardTopic } from './topics.ts';
import type { BoardState } from './types.ts';

const EVENT = 'NK 2026';
const ROUND = '3';

/** Board `board`'s state after `plies` moves (each move `31-27`...; the clock running for the side to move). */
function state(board: number, plies: number, over: Partial<BoardState> = {}): BoardState {
  const moves = Array.from({ length: plies }, (_, i) => ({
    ply: i + 1,
    side: i % 2 === 0 ? ('white' as const) : ('black' as const),
    text: i % 2 === 0 ? '32-28' : '19-23',
    irregular: null,
  }));
  return {
    event: EVENT,
    round: ROUND,
    board,
    variant: 'international',
    size: 10,
    players: { white: `White ${board}`, black: `Black ${board}` },
    position: `${'b'.repeat(20)}${'.'.repeat(10)}${'w'.repeat(20)}`,
    turn: plies % 2 === 0 ? 'white' : 'black',
    moves,
    lastMove: plies === 0 ? null : { squares: ['32', '28'], captured: [] },
    clock: { white: 5_400_000 - plies * 1000, black: 5_400_000 - plies * 900, running: plies % 2 === 0 ? 'white' : 'black', control: '90+30' },
    result: null,
    irregularity: null,
    link: 'connected',
    pdn: `[Event "${EVENT}"]\n\n*`,
    t: 1_760_000_000_000 + plies * 1000,
    ...over,
  };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `ok()` holds, polling; fails with `what` after `ms`. */
async function until(ok: () => boolean, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(5);
  }
}

const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => {});
});

const run = Math.random().toString(36).slice(2, 8);
let ids = 0;
const clientId = (name: string): string => `${name}-${run}-${++ids}`;

function publisher(url: string, o: { username?: string; password?: string; clientId?: string } = {}): Publisher & { statuses: string[] } {
  const statuses: string[] = [];
  const p = openPublisher({ url, clientId: clientId('host'), ...o, onStatus: (t) => statuses.push(t) });
  closers.push(() => p.close());
  return Object.assign(p, { statuses });
}

/** A subscriber that records every state and every bad message and status. */
function subscriber(url: string, o: { username?: string; password?: string; clientId?: string } = {}) {
  const states: BoardState[] = [];
  const bad: string[] = [];
  const statuses: string[] = [];
  const s: Subscriber = openSubscriber({
    url,
    clientId: clientId('relay'),
    ...o,
    event: EVENT,
    onState: (x) => states.push(x),
    onBad: (topic, why) => bad.push(`${topic}: ${why}`),
    onStatus: (t) => statuses.push(t),
  });
  closers.push(() => s.close());
  return { ...s, states, bad, statuses };
}

const key = (s: BoardState): string => `${s.board}/${s.moves.length}`;

async function embedded(users?: { username: string; password: string }[], port?: number): Promise<EmbeddedBroker> {
  const b = await startEmbeddedBroker({ users, port });
  closers.push(() => b.close());
  return b;
}

describe('topics', () => {
  it('names a board, keeping the names readable and topic-safe', () => {
    expect(boardTopic({ event: EVENT, round: ROUND, board: 7 })).toBe('dambord/NK 2026/3/board/7');
    expect(boardTopic({ event: 'A/B+C#D\0', round: '', board: 1 })).toBe('dambord/A_B_C_D_/_/board/1');
    expect(() => boardTopic({ event: 'E', round: 'R', board: 0 })).toThrow(/whole number from 1/);
    expect(eventFilter('Open #2')).toBe('dambord/Open _2/+/board/+');
  });

  it('reads a board topic back and nothing else', () => {
    expect(parseBoardTopic(boardTopic({ event: 'E/1', round: 'R', board: 12 }))).toEqual({ event: 'E_1', round: 'R', board: 12 });
    for (const t of ['dambord/E/R/board/0', 'dambord/E/R/board/x', 'dambord/E/R/board/01', 'dambord/E/R/boards/1', 'other/E/R/board/1', 'dambord/E/R/board/1/x', 'dambord/E/+/board/1', 'dambord//R/board/1']) {
      expect(parseBoardTopic(t), t).toBeNull();
    }
  });
});

describe('checkBoardState', () => {
  it('takes a state as JSON gives it back', () => {
    const s = state(3, 4, {
      irregularity: { code: 'wrong-piece', article: '5.4', message: 'm', decision: 'decide', status: 'pending', decides: 'black', choices: { accept: 'a', correct: 'c' }, required: null },
      result: { result: '1-1', reason: 'agreed', article: '6.1' },
    });
    expect(checkBoardState(JSON.parse(JSON.stringify(s)))).toEqual({ ok: true, state: s });
  });

  it('names the first thing wrong', () => {
    const wrong = (x: unknown): string => {
      const r = checkBoardState(x);
      return r.ok ? 'accepted' : r.error;
    };
    expect(wrong(null)).toBe("not a board's state: the state is null: it should be an object");
    expect(wrong([])).toBe("not a board's state: the state is a list: it should be an object");
    const { event: _e, ...noEvent } = state(1, 0);
    expect(wrong(noEvent)).toBe("not a board's state: event is missing: it should be a name (a string, not empty)");
    expect(wrong({ ...state(1, 0), board: 1.5 })).toBe("not a board's state: board is 1.5: it should be a whole number from 1");
    expect(wrong({ ...state(1, 0), size: 12 })).toBe("not a board's state: size is 12: it should be 8 or 10");
    const moves = state(1, 3).moves.map((m, i) => (i === 1 ? { ...m, side: 'red' } : m));
    expect(wrong({ ...state(1, 3), moves })).toBe('not a board\'s state: moves[1].side is "red": it should be "white" or "black"');
    expect(wrong({ ...state(1, 0), clock: { white: '1:30', black: 0, running: null, control: '' } })).toBe('not a board\'s state: clock.white is "1:30": it should be a number');
    expect(wrong({ ...state(1, 0), irregularity: { code: 'x', article: '5.4' } })).toMatch(/^not a board's state: irregularity\.message is missing/);
    expect(wrong({ ...state(1, 0), position: 'w'.repeat(60) })).toMatch(/position is "w+\.\.\.: it should be 50 characters \(w, W, b, B or \.\), one for each dark square of a board of 10$/);
  });
});

describe('MQTT over the embedded broker (aedes)', () => {
  it('delivers each board\'s states in order, and the retained last one to a later subscriber', async () => {
    const broker = await embedded();
    const early = subscriber(broker.url);
    await early.ready;
    const host = publisher(broker.url);
    for (let plies = 0; plies < 10; plies++) for (const board of [1, 2]) host.publish(state(board, plies));
    await host.flush();
    await until(() => early.states.length >= 20, '20 states');
    for (const board of [1, 2]) {
      expect(early.states.filter((s) => s.board === board).map((s) => s.moves.length)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    }
    expect(host.statuses).toEqual([`connected to the broker at ${broker.url}`]);

    const late = subscriber(broker.url);
    await late.ready;
    await until(() => late.states.length >= 2, 'the retained states');
    await sleep(50);
    expect(late.states.map(key).sort()).toEqual(['1/9', '2/9']);
    expect(late.states.find((s) => s.board === 1)).toEqual(state(1, 9));
    expect([...early.bad, ...late.bad]).toEqual([]);
  });

  it('sends what a host published while the broker was away once it is there', async () => {
    const port = await startEmbeddedBroker().then(async (b) => (await b.close(), b.port));
    const host = publisher(`mqtt://127.0.0.1:${port}`);
    for (let plies = 0; plies < 5; plies++) host.publish(state(4, plies));
    await until(() => host.statuses.length > 0, 'a status');
    expect(host.statuses[0]).toBe(
      `the broker at mqtt://127.0.0.1:${port} is unreachable (ECONNREFUSED); retrying every second; moves are kept and sent when it is back`,
    );
    const broker = await embedded(undefined, port);
    await host.flush();
    const relay = subscriber(broker.url);
    await relay.ready;
    await until(() => relay.states.length >= 1, 'the retained state');
    expect(relay.states[0]).toEqual(state(4, 4));
    expect(host.statuses.at(-1)).toBe(`connected to the broker at ${broker.url}`);
  });

  it('sends every board\'s last state again to an embedded broker restarted with its relay, so a relay starting then finds boards whose games have ended', async () => {
    const first = await startEmbeddedBroker();
    const host = publisher(first.url);
    for (let plies = 0; plies < 4; plies++) for (const board of [1, 2]) host.publish(state(board, plies));
    host.publish(state(2, 4, { result: { result: '2-0', reason: 'Black resigned', article: '7.2' } }));
    await host.flush();
    // The relay's process stops, and its broker (in memory) with it: the retained states are gone.
    await first.close();
    const again = await embedded(undefined, first.port);
    const relay = subscriber(again.url);
    await relay.ready;
    await until(() => relay.states.length >= 2, 'each board\'s last state', 8000);
    await sleep(100);
    expect(relay.states.map(key).sort()).toEqual(['1/3', '2/4']);
    expect(relay.states.find((s) => s.board === 2)?.result?.result).toBe('2-0');
  });

  it('takes only a broker\'s address', () => {
    expect(() => openPublisher({ url: 'localhost:1883', clientId: 'x' })).toThrow(
      'the broker\'s address "localhost:1883" is not one: give it as mqtt://host:port (e.g. mqtt://127.0.0.1:1883), or mqtts://, ws://, wss://',
    );
  });

  it('lets in only its users, and says so clearly to the others', async () => {
    const broker = await embedded([{ username: 'host', password: 'secret' }, { username: 'relay', password: 'other' }]);
    const wrong = publisher(broker.url, { username: 'host', password: 'Secret' });
    wrong.publish(state(1, 1));
    const refused = `the broker at ${broker.url} refused the username or password for "host": check them (and the broker's password file), and start again`;
    await expect(wrong.flush()).rejects.toThrow(refused);
    await sleep(1200); // past the reconnect period: no second attempt, no second message
    expect(wrong.statuses).toEqual([refused]);

    const anonymous = subscriber(broker.url);
    await expect(anonymous.ready).rejects.toThrow(`the broker at ${broker.url} refused the connection: it wants a username and password (give them, and start again)`);
    const crossed = subscriber(broker.url, { username: 'relay', password: 'secret' });
    await expect(crossed.ready).rejects.toThrow(/refused the username or password for "relay"/);

    const relay = subscriber(broker.url, { username: 'relay', password: 'other' });
    await relay.ready;
    const host = publisher(broker.url, { username: 'host', password: 'secret' });
    host.publish(state(5, 2));
    await host.flush();
    await until(() => relay.states.length === 1, 'the state');
    expect(relay.states[0]).toEqual(state(5, 2));
  });

  it('lets clients publish only under dambord/, and reports messages that are not a board\'s state under its topic', async () => {
    const broker = await embedded();
    const relay = subscriber(broker.url);
    await relay.ready;
    const raw = connect(broker.url, { protocolVersion: 4, reconnectPeriod: 0 });
    closers.push(() => raw.endAsync(true));
    raw.on('error', () => {});
    await new Promise((resolve) => raw.once('connect', resolve));
    const base = boardTopic({ event: EVENT, round: ROUND, board: 1 });
    await raw.publishAsync(base, 'not json', { qos: 1 });
    await raw.publishAsync(base, JSON.stringify({ ...state(1, 0), board: 'one' }), { qos: 1 });
    await raw.publishAsync(base, JSON.stringify(state(2, 0)), { qos: 1 });
    await raw.publishAsync(base, '', { qos: 1, retain: true });
    await raw.publishAsync(base, JSON.stringify(state(1, 1)), { qos: 1 });
    await until(() => relay.states.length === 1, 'the one good state');
    expect(relay.bad).toEqual([
      expect.stringMatching(/^dambord\/NK 2026\/3\/board\/1: not JSON: /),
      `${base}: not a board's state: board is "one": it should be a whole number from 1`,
      `${base}: the state of board 2 of round "3" of "NK 2026" belongs under dambord/NK 2026/3/board/2`,
    ]);
    expect(relay.states).toEqual([state(1, 1)]);

    const closed = new Promise<void>((resolve) => raw.once('close', () => resolve()));
    raw.publish('elsewhere/x', 'hello', { qos: 0 });
    await closed;
  });

  it('keeps a persistent session: what was published while the relay was away reaches it when it is back', async () => {
    const broker = await embedded();
    const id = clientId('relay-session');
    const first = subscriber(broker.url, { clientId: id });
    await first.ready;
    await first.close();

    const host = publisher(broker.url);
    const published: BoardState[] = [];
    for (let plies = 0; plies < 5; plies++) {
      for (const board of [1, 2, 3, 4]) {
        published.push(state(board, plies));
        host.publish(published.at(-1)!);
      }
    }
    await host.flush();

    const back = subscriber(broker.url, { clientId: id });
    await back.ready;
    await until(() => new Set(back.states.map(key)).size === 20, 'all 20 states');
    // QoS 1 may deliver a state twice (and the subscription made again sends the retained ones): every one arrives.
    expect(back.states.length).toBeGreaterThanOrEqual(20);
    expect(new Set(back.states.map(key))).toEqual(new Set(published.map(key)));
    for (const s of back.states) expect(s).toEqual(state(s.board, s.moves.length));
  });
});

const mosquitto = mosquittoAvailable();

describe.skipIf(!mosquitto.available)(mosquitto.available ? 'MQTT over mosquitto' : `MQTT over mosquitto: skipped, ${mosquitto.reason}`, () => {
  const users = [
    { username: 'host', password: 'h0st pass' },
    { username: 'relay', password: 'r3lay pass' },
  ];

  it('publishes and subscribes with passwords, and refuses a wrong one clearly', async () => {
    const m = await startMosquitto({ users });
    closers.push(() => m.stop());
    const relay = subscriber(m.url, { username: 'relay', password: 'r3lay pass' });
    await relay.ready;
    const host = publisher(m.url, { username: 'host', password: 'h0st pass' });
    for (let plies = 0; plies < 5; plies++) host.publish(state(1, plies));
    await host.flush();
    await until(() => relay.states.length >= 5, '5 states');
    expect(relay.states.map((s) => s.moves.length)).toEqual([0, 1, 2, 3, 4]);

    const wrong = publisher(m.url, { username: 'host', password: 'r3lay pass' });
    await until(() => wrong.statuses.length > 0, 'a status');
    expect(wrong.statuses).toEqual([`the broker at ${m.url} refused the username or password for "host": check them (and the broker's password file), and start again`]);
  });

  it('loses nothing when the broker restarts mid-stream, and keeps the retained states', async () => {
    const m = await startMosquitto({ users });
    closers.push(() => m.stop());
    const relay = subscriber(m.url, { username: 'relay', password: 'r3lay pass', clientId: clientId('relay-restart') });
    await relay.ready;
    const host = publisher(m.url, { username: 'host', password: 'h0st pass' });
    const connected = `connected to the broker at ${m.url}`;
    const published: BoardState[] = [];
    let whileAway = 0;
    const boards = [1, 2, 3];
    const publishing = (async () => {
      for (let plies = 0; plies < 25; plies++) {
        for (const board of boards) {
          published.push(state(board, plies));
          host.publish(published.at(-1)!);
          if (host.statuses.at(-1) !== connected) whileAway++;
        }
        await sleep(20);
      }
    })();
    await until(() => published.length >= 15, '15 states published');
    const restartAt = Date.now();
    await m.restart();
    const restartMs = Date.now() - restartAt;
    await publishing;
    await host.flush();
    expect(whileAway).toBeGreaterThan(0);
    expect(host.statuses).toContain(`lost the broker at ${m.url}; reconnecting every second; moves are kept and sent when it is back`);
    expect(host.statuses.at(-1)).toBe(connected);

    await until(() => new Set(relay.states.map(key)).size === published.length, `all ${published.length} states at the relay`);
    expect(new Set(relay.states.map(key))).toEqual(new Set(published.map(key)));
    for (const board of boards) {
      expect(relay.states.filter((s) => s.board === board).at(-1)).toEqual(state(board, 24));
    }

    await m.restart();
    const late = subscriber(m.url, { username: 'relay', password: 'r3lay pass' });
    await late.ready;
    await until(() => late.states.length >= boards.length, 'the retained states after a restart');
    expect(late.states.map(key).sort()).toEqual(['1/24', '2/24', '3/24']);
    expect(restartMs).toBeLessThan(3000);
  });
});
