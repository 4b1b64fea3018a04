import { afterAll, describe, expect, it } from 'vitest';
import { connect, type IClientOptions, type MqttClient } from 'mqtt';
import { startEmbeddedBroker, type BrokerUser, type EmbeddedBroker } from './broker.ts';
import { checkBoardState } from './checkState.ts';
import { openPublisher, openSubscriber, type Publisher, type Subscriber } from './mqttLink.ts';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mosquittoAcl, writeMosquittoConfig } from './mosquittoConfig.ts';
import { mosquittoAvailable, startMosquitto } from './testing/mosquitto.ts';
import { boardTopic, eventFilter, parseBoardTopic } from './topics.ts';
import type { BoardState } from './types.ts';
import { WAIT_LIMIT_MS } from '../../test/limits.ts';

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
async function until(ok: () => boolean, what: string, ms = WAIT_LIMIT_MS): Promise<void> {
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
function subscriber(url: string, o: { username?: string; password?: string; clientId?: string; event?: string } = {}) {
  const states: BoardState[] = [];
  const bad: string[] = [];
  const statuses: string[] = [];
  const s: Subscriber = openSubscriber({
    url,
    clientId: clientId('relay'),
    ...o,
    event: o.event ?? EVENT,
    onState: (x) => states.push(x),
    onBad: (topic, why) => bad.push(`${topic}: ${why}`),
    onStatus: (t) => statuses.push(t),
  });
  closers.push(() => s.close());
  return { ...s, states, bad, statuses };
}

/** A bare MQTT client (no reconnecting): resolves once connected, rejects with the broker's refusal. */
async function bare(url: string, o: IClientOptions = {}): Promise<MqttClient> {
  const c = connect(url, { protocolVersion: 4, reconnectPeriod: 0, clientId: clientId('bare'), ...o });
  closers.push(() => c.endAsync(true));
  await new Promise<void>((resolve, reject) => {
    c.once('connect', () => resolve());
    c.once('error', reject);
    c.once('close', () => reject(new Error('closed')));
  });
  return c;
}

/** Publishes with QoS 1 and says how it ended: 'acknowledged', or 'cut' when the broker dropped the connection instead. */
async function tryPublish(c: MqttClient, topic: string, payload: string, retain = true): Promise<'acknowledged' | 'cut'> {
  const cut = new Promise<'cut'>((resolve) => c.once('close', () => resolve('cut')));
  return Promise.race([c.publishAsync(topic, payload, { qos: 1, retain }).then(() => 'acknowledged' as const, () => 'cut' as const), cut]);
}

const hall = (name: string, boards: number[]): BrokerUser => ({ username: name, password: `${name} secret`, boards: new Set(boards) });

const key = (s: BoardState): string => `${s.board}/${s.moves.length}`;

async function embedded(users?: BrokerUser[], port?: number): Promise<EmbeddedBroker> {
  const b = await startEmbeddedBroker({ users, port });
  closers.push(() => b.close());
  return b;
}

describe('topics', () => {
  it('names a board, keeping the names readable and topic-safe', () => {
    expect(boardTopic({ event: EVENT, round: ROUND, board: 7 })).toBe('dambord/NK 2026/3/board/7');
    expect(boardTopic({ event: 'A/B+C#D\0%', round: '', board: 1 })).toBe('dambord/A%2FB%2BC%23D%00%25/%/board/1');
    expect(boardTopic({ event: 'Ronde\u0085 é', round: '\ud800', board: 2 })).toBe('dambord/Ronde%C2%85 é/%uD800/board/2');
    expect(() => boardTopic({ event: 'E', round: 'R', board: 0 })).toThrow(/whole number from 1/);
    expect(() => boardTopic({ event: 'E'.repeat(70_000), round: 'R', board: 1 })).toThrow(/longer than MQTT's 65535 bytes/);
    expect(eventFilter('Open #2')).toBe('dambord/Open %232/+/board/+');
  });

  it('gives two names two topics: Open A/B and Open A_B no longer share one', () => {
    expect(boardTopic({ event: 'Open A/B', round: '1', board: 1 })).not.toBe(boardTopic({ event: 'Open A_B', round: '1', board: 1 }));
    expect(boardTopic({ event: 'Open A/B', round: '1', board: 1 })).not.toBe(boardTopic({ event: 'Open A%2FB', round: '1', board: 1 }));
    expect(eventFilter('Open A#B')).not.toBe(eventFilter('Open A_B'));
    expect(boardTopic({ event: '_', round: '1', board: 1 })).not.toBe(boardTopic({ event: '', round: '1', board: 1 }));
  });

  it('reads a board topic back and nothing else', () => {
    expect(parseBoardTopic(boardTopic({ event: 'E/1', round: 'R', board: 12 }))).toEqual({ event: 'E/1', round: 'R', board: 12 });
    expect(parseBoardTopic('dambord/%/%25/board/3')).toEqual({ event: '', round: '%', board: 3 });
    for (const t of ['dambord/E/R/board/0', 'dambord/E/R/board/x', 'dambord/E/R/board/01', 'dambord/E/R/boards/1', 'other/E/R/board/1', 'dambord/E/R/board/1/x', 'dambord/E/+/board/1', 'dambord//R/board/1', 'dambord/E%2f/R/board/1', 'dambord/E%41/R/board/1', 'dambord/E%/R/board/1', 'dambord/E/%ZZ/board/1']) {
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
    await until(() => relay.states.length >= 2, 'each board\'s last state');
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
    const broker = await embedded([{ username: 'host', password: 'secret' }, { username: 'relay', password: 'other', boards: 'read' }]);
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

  it('lets each host publish only its boards\' states, and only the relay read: a host for boards 1-4 cannot overwrite board 5', async () => {
    const relayId = clientId('dambord-relay');
    const broker = await startEmbeddedBroker({ users: [hall('hall1', [1, 2, 3, 4]), hall('hall2', [5, 6, 7, 8])], event: EVENT, relayClientId: relayId });
    closers.push(() => broker.close());
    const relay = subscriber(broker.url, { username: broker.relay!.username, password: broker.relay!.password, clientId: relayId });
    await relay.ready;
    const hall2 = publisher(broker.url, { username: 'hall2', password: 'hall2 secret', clientId: 'hall2-host' });
    hall2.publish(state(5, 3));
    await hall2.flush();
    const hall1 = await bare(broker.url, { username: 'hall1', password: 'hall1 secret', clientId: 'hall1-host' });
    expect(await tryPublish(hall1, boardTopic(state(1, 2)), JSON.stringify(state(1, 2)))).toBe('acknowledged');
    expect(await tryPublish(hall1, boardTopic(state(5, 9)), JSON.stringify(state(5, 9)))).toBe('cut');
    // Another event, or a topic outside the boards', is no host's.
    const again = await bare(broker.url, { username: 'hall1', password: 'hall1 secret', clientId: 'hall1-host' });
    expect(await tryPublish(again, boardTopic({ event: 'HIJACK', round: '1', board: 1 }), JSON.stringify({ ...state(1, 0), event: 'HIJACK', round: '1' }))).toBe('cut');
    const reader = await bare(broker.url, { username: 'hall1', password: 'hall1 secret', clientId: 'hall1-reader' });
    await expect(reader.subscribeAsync(eventFilter(EVENT), { qos: 1 })).rejects.toThrow(/Subscribe error/);
    await expect(bare(broker.url)).rejects.toThrow(/Not authorized|Bad username or password/);

    await until(() => relay.states.length >= 2, 'the two states');
    await sleep(100);
    expect(relay.states.map(key).sort()).toEqual(['1/2', '5/3']);
    // The relay started again finds board 5 as its host left it.
    await relay.close();
    const late = subscriber(broker.url, { username: broker.relay!.username, password: broker.relay!.password, clientId: relayId });
    await late.ready;
    await until(() => late.states.length >= 2, 'the retained states');
    expect(late.states.find((x) => x.board === 5)).toEqual(state(5, 3));
  });

  it('lets no client take the relay\'s client id or another user\'s: the relay is not kicked and misses no board', async () => {
    const relayId = clientId('dambord-relay');
    const broker = await startEmbeddedBroker({ users: [hall('hall1', [1, 2]), hall('hall2', [3])], event: EVENT, relayClientId: relayId });
    closers.push(() => broker.close());
    const relay = subscriber(broker.url, { username: broker.relay!.username, password: broker.relay!.password, clientId: relayId });
    await relay.ready;
    const hall2 = publisher(broker.url, { username: 'hall2', password: 'hall2 secret', clientId: 'hall2-host' });
    hall2.publish(state(3, 1));
    await hall2.flush();
    await expect(bare(broker.url, { username: 'hall1', password: 'hall1 secret', clientId: relayId, clean: false })).rejects.toThrow(/Identifier rejected/);
    await expect(bare(broker.url, { username: 'hall1', password: 'hall1 secret', clientId: 'hall2-host' })).rejects.toThrow(/Identifier rejected/);
    const refused = publisher(broker.url, { username: 'hall1', password: 'hall1 secret', clientId: 'hall2-host' });
    await until(() => refused.statuses.length > 0, 'a status');
    expect(refused.statuses).toEqual([`the broker at ${broker.url} refused the client id "hall2-host": give another one (dambord's own broker takes a user's ids only when they start with its name and "-"), and start again`]);
    hall2.publish(state(3, 2));
    await hall2.flush();
    await until(() => relay.states.length >= 2, 'both states of board 3');
    expect(relay.states.map(key)).toEqual(['3/1', '3/2']);
    expect(relay.statuses).toEqual([`connected to the broker at ${broker.url}`]);
    expect(hall2.statuses).toEqual([`connected to the broker at ${broker.url}`]);
  });

  it('refuses an empty message, so no retained state is wiped for the relays that start after it', async () => {
    const broker = await embedded();
    const host = publisher(broker.url);
    host.publish(state(1, 4));
    await host.flush();
    const wiper = await bare(broker.url);
    expect(await tryPublish(wiper, boardTopic(state(1, 0)), '')).toBe('cut');
    const late = subscriber(broker.url);
    await late.ready;
    await until(() => late.states.length >= 1, 'the retained state');
    expect(late.states).toEqual([state(1, 4)]);
  });

  it('will not listen beyond this computer without users', async () => {
    await expect(startEmbeddedBroker({ host: '0.0.0.0' })).rejects.toThrow('a broker listening on 0.0.0.0 (beyond this computer) needs users: anyone on the network could publish any board. Give the hosts their users and passwords');
    const open = await startEmbeddedBroker({ host: '0.0.0.0', users: [hall('hall1', [1])] });
    await open.close();
  });

  it('keeps Open A/B and Open A_B apart: a relay follows its own event only, as its hosts name it', async () => {
    const broker = await embedded();
    const relay = subscriber(broker.url, { event: 'Open A_B' });
    await relay.ready;
    const host = publisher(broker.url);
    host.publish(state(1, 3, { event: 'Open A/B' }));
    host.publish(state(1, 1, { event: 'Open A_B' }));
    await host.flush();
    await until(() => relay.states.length >= 1, 'its event\'s state');
    await sleep(100);
    expect(relay.states).toEqual([state(1, 1, { event: 'Open A_B' })]);
    expect(relay.bad).toEqual([]);
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

  it('with the files dambord relay --mosquitto-config writes: a host writes only its boards, only the relay reads, a stranger cannot connect, no host wipes another\'s board', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dambord-acl-'));
    closers.push(async () => rmSync(dir, { recursive: true, force: true }));
    const users: BrokerUser[] = [hall('hall1', [1, 2, 3, 4]), hall('hall2', [5]), { username: 'relay', password: 'relay secret', boards: 'read' }];
    const files = writeMosquittoConfig(join(dir, 'conf'), EVENT, users);
    expect(readFileSync(files.aclFile, 'utf8')).toBe(mosquittoAcl(EVENT, users));
    expect(readFileSync(files.passwordFile, 'utf8')).not.toMatch(/secret/);
    expect(statSync(files.passwordFile).mode & 0o777).toBe(0o600);
    // This mosquitto runs as nobody, as Debian's runs as mosquitto: it reads the password file once it is that user.
    chmodSync(dir, 0o755);
    chmodSync(files.passwordFile, 0o644);
    const m = await startMosquitto({ users: [], include: join(dir, 'conf') });
    closers.push(() => m.stop());
    const relay = subscriber(m.url, { username: 'relay', password: 'relay secret' });
    await relay.ready;
    const hall2 = publisher(m.url, { username: 'hall2', password: 'hall2 secret', clientId: clientId('hall2') });
    hall2.publish(state(5, 3));
    await hall2.flush();
    // mosquitto acknowledges a publish the access list refuses (MQTT 3.1.1 has no way to say no) and drops it.
    const hall1 = await bare(m.url, { username: 'hall1', password: 'hall1 secret' });
    await hall1.publishAsync(boardTopic(state(1, 2)), JSON.stringify(state(1, 2)), { qos: 1, retain: true });
    await hall1.publishAsync(boardTopic(state(5, 9)), JSON.stringify(state(5, 9)), { qos: 1, retain: true });
    await hall1.publishAsync(boardTopic(state(5, 0)), '', { qos: 1, retain: true });
    // mosquitto grants a subscription its access list refuses, and sends nothing on it.
    const spy = await bare(m.url, { username: 'hall1', password: 'hall1 secret' });
    const spied: string[] = [];
    spy.on('message', (topic) => spied.push(topic));
    await spy.subscribeAsync(eventFilter(EVENT), { qos: 1 });
    await expect(bare(m.url)).rejects.toThrow(/Not authorized/);
    await expect(bare(m.url, { username: 'hall1', password: 'hall2 secret' })).rejects.toThrow(/Not authorized|Bad username or password/);

    await until(() => relay.states.length >= 2, 'the two states');
    await sleep(200);
    expect(relay.states.map(key).sort()).toEqual(['1/2', '5/3']);
    const late = subscriber(m.url, { username: 'relay', password: 'relay secret' });
    await late.ready;
    await until(() => late.states.length >= 2, 'the retained states');
    expect(late.states.find((x) => x.board === 5)).toEqual(state(5, 3));
    expect(spied).toEqual([]);
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
    await m.restart();
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
  });
});
