// The MQTT broker dambord runs itself (issue 15), for an event without one of its own: aedes on a
// TCP port. Hosts publish their boards' states to it and the relay subscribes; it holds the
// retained states and the persistent sessions in memory while the process lives.
//
// With users given, a client must connect with one of their names and passwords, and each user
// may do only what access.ts allows it (its boards, or reading); without, anyone may connect, and
// then the broker listens on loopback only. Nobody publishes an empty message (it would clear a
// board), or outside the event's board topics, or takes another user's client id or the relay's.

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { Aedes, type AuthenticateError, type AuthErrorCode, type Client } from 'aedes';
import { isLoopback } from '../web/http.ts';
import { clientIdRefusal, maySubscribe, publishRefusal, type AccessRules, type BrokerUser } from './access.ts';

export type { BrokerUser } from './access.ts';

/** What startEmbeddedBroker is given. */
export interface EmbeddedBrokerOptions {
  /** The TCP port; 0 (the default) takes any free one. */
  readonly port?: number;
  /** The address to listen on: 127.0.0.1 unless given (0.0.0.0 for the hosts of a hall's network: then users are needed). */
  readonly host?: string;
  /** The clients allowed, each with what it may do; none given lets anyone connect (on loopback only). */
  readonly users?: readonly BrokerUser[];
  /** The event whose boards may be published and read; any event's when not given. */
  readonly event?: string;
  /**
   * The relay's client id: the broker makes a login for it (EmbeddedBroker.relay), only readers
   * may subscribe (anonymous clients no more), and no other client may take this id.
   */
  readonly relayClientId?: string;
  /**
   * Told each refusal, in words, with who was refused (the user's name; the client id for an
   * anonymous or unknown client): a login, a client id, a publication or a subscription. For the
   * relay's account of what it refused, per host.
   */
  readonly onRefused?: (who: string, why: string) => void;
}

/** A running embedded broker. */
export interface EmbeddedBroker {
  /** `mqtt://<host>:<port>`, for the clients (127.0.0.1 when listening on every address). */
  readonly url: string;
  readonly port: number;
  /** The relay's login (a random name and password, made at start) when relayClientId was given. */
  readonly relay: { readonly username: string; readonly password: string; readonly clientId: string } | null;
  /** Disconnects every client and stops listening. */
  close(): Promise<void>;
}

const digest = (text: string | Buffer): Buffer => createHash('sha256').update(text).digest();

/** An authentication refusal with its CONNACK return code (2: identifier rejected; 4: bad username or password; 5: not authorized). */
const refusal = (message: string, code: 2 | 4 | 5): AuthenticateError => Object.assign(new Error(message), { returnCode: code as AuthErrorCode });

/**
 * Starts an MQTT broker (MQTT 3.1.1) on host:port; resolves once it listens. Throws, before
 * listening, for an address beyond loopback without users: anyone on the network could publish.
 *
 * @example await startEmbeddedBroker({ host: '0.0.0.0', port: 1883, event: 'NK 2026', relayClientId, users: [{ username: 'hall1', password: 's3cret', boards: new Set([1, 2, 3, 4]) }] })
 */
export async function startEmbeddedBroker(options: EmbeddedBrokerOptions = {}): Promise<EmbeddedBroker> {
  const host = options.host ?? '127.0.0.1';
  const relay = options.relayClientId === undefined ? null : { username: `relay-${randomBytes(8).toString('hex')}`, password: randomBytes(24).toString('base64url'), clientId: options.relayClientId };
  const given = options.users ?? [];
  if (given.length === 0 && !isLoopback(host)) {
    throw new Error(`a broker listening on ${host} (beyond this computer) needs users: anyone on the network could publish any board. Give the hosts their users and passwords`);
  }
  const users = [...given, ...(relay ? [{ username: relay.username, password: relay.password, boards: 'read' as const }] : [])].map((u) => ({ user: u, username: digest(u.username), password: digest(u.password) }));
  const rules: AccessRules = { event: options.event ?? null, relayClientId: relay?.clientId ?? null, anonymousReads: relay === null };
  const told = (name: string, why: string): void => {
    try {
      options.onRefused?.(name, why);
    } catch {
      // The listener's trouble is not the broker's.
    }
  };
  /** The user each connected client logged in as (null: none). */
  const who = new WeakMap<Client, BrokerUser | null>();
  const broker = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      let user: BrokerUser | null = null;
      if (username !== undefined) {
        const name = digest(username);
        const pass = digest(password ?? '');
        // Every user is compared in full, so the time taken tells nothing of which names exist.
        for (const u of users) if ([timingSafeEqual(name, u.username), timingSafeEqual(pass, u.password)].every(Boolean)) user = u.user;
      }
      // Without users given, a client is anonymous whatever name it gives (unless it is the relay).
      if (user === null && given.length > 0) {
        const why = username === undefined ? 'a username and password are required' : 'bad username or password';
        told(username ?? client.id, `login refused: ${why}`);
        return done(refusal(why, username === undefined ? 5 : 4), null);
      }
      const idRefused = clientIdRefusal(user, rules, client.id);
      if (idRefused !== null) {
        told(user?.username ?? client.id, `login refused: ${idRefused}`);
        return done(refusal(idRefused, 2), null);
      }
      who.set(client, user);
      return done(null, true);
    },
    authorizePublish(client, packet, done) {
      // A client's own messages only; the broker's ($SYS and wills of the refused) go through aedes.
      if (client === null) return done(null);
      const user = who.get(client) ?? null;
      const refused = publishRefusal(user, rules, packet.topic, packet.payload.length);
      if (refused !== null) told(user?.username ?? client.id, `publication refused: ${refused}`);
      done(refused === null ? null : new Error(refused));
    },
    authorizeSubscribe(client, subscription, done) {
      const user = who.get(client) ?? null;
      const allowed = maySubscribe(user, rules, subscription.topic);
      if (!allowed) told(user?.username ?? client.id, `subscription refused: may not read ${subscription.topic}`);
      done(null, allowed ? subscription : null);
    },
  });
  const server = createServer(broker.handle);
  // A client's broken connection is the client's business: the broker goes on.
  broker.on('clientError', () => {});
  broker.on('connectionError', () => {});
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', () => {});
  const port = (server.address() as AddressInfo).port;
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  let closing: Promise<void> | null = null;
  return {
    url: `mqtt://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`,
    port,
    relay,
    close() {
      closing ??= new Promise<void>((resolve) => broker.close(() => resolve())).then(
        () => new Promise<void>((resolve) => server.close(() => resolve())),
      );
      return closing;
    },
  };
}
