// A broadcast over MQTT (issue 15): hosts publish their boards' states to a broker, and the
// relay subscribes to the event's boards.
//
// Every state is published with QoS 1 (at least once) and retained, in a persistent session
// (MQTT 3.1.1, clean session off, a fixed client id): a state is the board's whole state, so one
// received twice changes nothing, and the retained one is the board as it stands for whoever
// subscribes later. While the broker is away, the client reconnects every second: a publisher
// keeps the states it could not send and sends them all, in order, once it is back; a subscriber
// is sent what was published meanwhile, from its session. A broker that refuses the username or
// password is said once and not tried again: start again with the right ones.

import { connect, type IClientOptions, type MqttClient } from 'mqtt';
import { ADMIT_DEFAULTS } from './admit.ts';
import { readStateMessage } from './message.ts';
import { boardTopic, eventFilter } from './topics.ts';
import type { BoardState } from './types.ts';

/** How to reach the broker. */
export interface BrokerLinkOptions {
  /** `mqtt://host:port` (or mqtts://, ws://, wss://). */
  readonly url: string;
  readonly username?: string;
  readonly password?: string;
  /** The session's client id: the same one across restarts, so the broker keeps what is owed to it. */
  readonly clientId: string;
  /** Whether the broker keeps the session across connections (MQTT clean session off); true unless given. A client id made anew at each start has no session to come back to: false. */
  readonly persistent?: boolean;
  /** Told each change of the connection, in words. */
  readonly onStatus?: (text: string) => void;
}

/** A host's link to the broker. */
export interface Publisher {
  /** Publishes a board's state (QoS 1, retained); kept and sent later while the broker is away. Throws a RangeError for a board number that is not whole and positive. */
  publish(state: BoardState): void;
  /** Resolves once the broker has acknowledged every state published so far; rejects if it cannot be (the broker refused the client, or the publisher was closed first). */
  flush(): Promise<void>;
  /** Disconnects; states the broker has not acknowledged are dropped (flush first to wait for them). */
  close(): Promise<void>;
}

/** What openSubscriber is given. */
export interface SubscriberOptions extends BrokerLinkOptions {
  /** The event whose boards are followed (every round). */
  readonly event: string;
  /** Each board's state, as received (possibly again). */
  readonly onState: (state: BoardState) => void;
  /** A message that is not a board's state under its own board's topic, and why. */
  readonly onBad?: (topic: string, why: string) => void;
  /** The largest payload read (bytes; default the gate's, admit.ts): a larger one is refused unread. */
  readonly maxBytes?: number;
}

/** The relay's link to the broker. */
export interface Subscriber {
  /** Resolves once the broker has accepted the subscription; rejects if it refused the client or the subscription. */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

/** The broker's address without a username or password in it, for messages; throws for an address that is not a broker's. */
function where(url: string): string {
  const u = URL.canParse(url) ? new URL(url) : null;
  if (!u || !['mqtt:', 'mqtts:', 'ws:', 'wss:'].includes(u.protocol) || !u.host) {
    throw new Error(`the broker's address "${url}" is not one: give it as mqtt://host:port (e.g. mqtt://127.0.0.1:1883), or mqtts://, ws://, wss://`);
  }
  return `${u.protocol}//${u.host}`;
}

/** A connection refusal's sentence, by CONNACK return code (MQTT 3.1.1), or null for one worth retrying (3: server unavailable). */
function refusal(code: number, at: string, username: string | undefined, clientId: string): string | null {
  if (code === 4 || code === 5) {
    return username === undefined
      ? `the broker at ${at} refused the connection: it wants a username and password (give them, and start again)`
      : `the broker at ${at} refused the username or password for "${username}": check them (and the broker's password file), and start again`;
  }
  if (code === 2) return `the broker at ${at} refused the client id "${clientId}": give another one (dambord's own broker takes a user's ids only when they start with its name and "-"), and start again`;
  if (code === 1) return `the broker at ${at} does not speak MQTT 3.1.1: use a broker that does (mosquitto, aedes)`;
  return null;
}

/**
 * A client of the broker that tells its connection's changes (each once) and stops for good on
 * a refusal that retrying cannot mend, handing the sentence to `onRefused`.
 */
function open(o: BrokerLinkOptions, meanwhile: string, onRefused: (why: string) => void): { client: MqttClient; close(): Promise<void> } {
  const at = where(o.url);
  let last = '';
  const say = (text: string): void => {
    if (text === last) return;
    last = text;
    o.onStatus?.(text);
  };
  const options: IClientOptions = {
    protocolVersion: 4,
    clean: o.persistent === false,
    clientId: o.clientId,
    username: o.username,
    password: o.password,
    reconnectPeriod: 1000,
    connectTimeout: 5000,
    keepalive: 30,
    resubscribe: false,
    reconnectOnConnackError: true,
  };
  const client = connect(o.url, options);
  let connected = false;
  client.on('connect', () => {
    connected = true;
    say(`connected to the broker at ${at}`);
  });
  client.on('close', () => {
    if (!connected || client.disconnecting) return;
    connected = false;
    say(`lost the broker at ${at}; reconnecting every second; ${meanwhile}`);
  });
  client.on('error', (err: Error & { code?: unknown }) => {
    if (typeof err.code === 'number') {
      const why = refusal(err.code, at, o.username, o.clientId);
      if (why !== null) {
        client.end(true);
        say(why);
        onRefused(why);
        return;
      }
      say(`the broker at ${at} refused the connection (${err.message}); retrying every second; ${meanwhile}`);
      return;
    }
    const reason = typeof err.code === 'string' ? err.code : err.message;
    say(`the broker at ${at} is unreachable (${reason}); retrying every second; ${meanwhile}`);
  });
  let closing: Promise<void> | null = null;
  return {
    client,
    close() {
      closing ??= new Promise<void>((resolve) => {
        // A clean DISCONNECT when nothing is owed; otherwise (or if the broker does not answer) the connection is dropped.
        const clean = client.connected && Object.keys(client.outgoing).length === 0;
        const timer = setTimeout(() => client.stream?.destroy(), 2000);
        client.end(!clean, () => {
          clearTimeout(timer);
          resolve();
        });
      });
      return closing;
    },
  };
}

/** Connects a host to the broker to publish its boards' states (throws for a url that is not a broker's address). */
export function openPublisher(o: BrokerLinkOptions): Publisher {
  /** Numbers of the states sent and not yet acknowledged. */
  const unacked = new Set<number>();
  let waiters: { upTo: number; resolve: () => void; reject: (e: Error) => void }[] = [];
  let sent = 0;
  let stopped: Error | null = null;
  const settle = (): void => {
    let lowest = Infinity;
    for (const n of unacked) lowest = Math.min(lowest, n);
    const still = [];
    for (const w of waiters) {
      if (stopped) w.reject(stopped);
      else if (w.upTo < lowest) w.resolve();
      else still.push(w);
    }
    waiters = still;
  };
  const stop = (why: string): void => {
    stopped ??= new Error(why);
    settle();
  };
  const link = open(o, 'moves are kept and sent when it is back', stop);
  /** Each board's last state, by topic: sent again to a broker that has lost them. */
  const latest = new Map<string, string>();
  const send = (topic: string, payload: string): void => {
    const n = ++sent;
    unacked.add(n);
    link.client.publish(topic, payload, { qos: 1, retain: true }, (err) => {
      if (err) stop(`a state for ${topic} was not sent: ${err.message}`);
      unacked.delete(n);
      settle();
    });
  };
  let first = true;
  link.client.on('connect', (connack: { sessionPresent?: boolean }) => {
    // A broker that comes back without this host's session (an embedded broker restarted with
    // its relay, a broker without persistence) has lost the retained states too: every board's
    // last one is sent again, so that a relay that starts now still finds boards whose games
    // have ended. The relay takes a state it already has as nothing new.
    if (!first && connack.sessionPresent !== true) for (const [topic, payload] of latest) send(topic, payload);
    first = false;
  });
  return {
    publish(state) {
      const topic = boardTopic(state);
      if (stopped) return;
      const payload = JSON.stringify(state);
      latest.set(topic, payload);
      send(topic, payload);
    },
    flush() {
      if (stopped) return Promise.reject(stopped);
      return new Promise<void>((resolve, reject) => {
        waiters.push({ upTo: sent, resolve, reject });
        settle();
      });
    },
    async close() {
      await link.close();
      stop('the publisher was closed before the broker acknowledged every state');
    },
  };
}

/** Connects the relay to the broker and follows every board of an event (throws for a url that is not a broker's address). */
export function openSubscriber(o: SubscriberOptions): Subscriber {
  const filter = eventFilter(o.event);
  let subscribed = false;
  let settled = false;
  let done!: (err: Error | null) => void;
  const ready = new Promise<void>((resolve, reject) => {
    done = (err) => {
      if (settled) return;
      settled = true;
      if (err) reject(err);
      else resolve();
    };
  });
  // Whoever does not wait for `ready` is told the same through onStatus; no unhandled rejection.
  ready.catch(() => {});
  const bad = (topic: string, why: string): void => o.onBad?.(topic, why);
  const link = open(o, "the boards' states follow when it is back", (why) => done(new Error(why)));
  const { client } = link;
  client.on('connect', (connack) => {
    // The broker keeps the subscription in the session; it is made again when the session was lost.
    if (subscribed && connack.sessionPresent) return;
    client.subscribe(filter, { qos: 1 }, (err, granted) => {
      // A refusal is a SUBACK's 128 (mqtt.js gives it as an error carrying the SUBACK); any other error is the connection dropped first: subscribed again on reconnecting.
      const suback = (err as { packet?: { granted?: unknown[] } } | undefined)?.packet?.granted ?? [];
      if (suback.includes(128) || granted?.some((g) => g.qos === 128)) {
        const why = `the broker refused the subscription to ${filter}: let this user read it (the broker's access list), and start again`;
        o.onStatus?.(why);
        done(new Error(why));
        return;
      }
      if (err) return;
      subscribed = true;
      done(null);
    });
  });
  client.on('message', (topic, payload) => {
    const read = readStateMessage(topic, payload, o.maxBytes ?? ADMIT_DEFAULTS.maxBytes);
    if (read.kind === 'empty') return;
    if (read.kind === 'bad') return bad(topic, read.why);
    try {
      o.onState(read.state);
    } catch (e) {
      bad(topic, `the state could not be taken: ${(e as Error).message}`);
    }
  });
  return {
    ready,
    async close() {
      await link.close();
      done(new Error('the subscriber was closed before the broker accepted the subscription'));
    },
  };
}
