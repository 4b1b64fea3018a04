// The MQTT broker dambord runs itself (issue 15), for an event without one of its own: aedes on a
// TCP port. Hosts publish their boards' states to it and the relay subscribes; it holds the
// retained states and the persistent sessions in memory while the process lives.
//
// With users given, a client must connect with one of their names and passwords; without, anyone
// may connect. Clients may publish only under `dambord/`.

import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { Aedes, type AuthenticateError, type AuthErrorCode } from 'aedes';
import { TOPIC_ROOT } from './topics.ts';

/** A name and password a client may connect with. */
export interface BrokerUser {
  readonly username: string;
  readonly password: string;
}

/** What startEmbeddedBroker is given. */
export interface EmbeddedBrokerOptions {
  /** The TCP port; 0 (the default) takes any free one. */
  readonly port?: number;
  /** The address to listen on: 127.0.0.1 unless given (0.0.0.0 for the hosts of a hall's network). */
  readonly host?: string;
  /** The clients allowed; none given lets anyone connect. */
  readonly users?: readonly BrokerUser[];
}

/** A running embedded broker. */
export interface EmbeddedBroker {
  /** `mqtt://<host>:<port>`, for the clients (127.0.0.1 when listening on every address). */
  readonly url: string;
  readonly port: number;
  /** Disconnects every client and stops listening. */
  close(): Promise<void>;
}

const digest = (text: string | Buffer): Buffer => createHash('sha256').update(text).digest();

/** An authentication refusal with its CONNACK return code (4: bad username or password; 5: not authorized). */
const refusal = (message: string, code: 4 | 5): AuthenticateError => Object.assign(new Error(message), { returnCode: code as AuthErrorCode });

/** Starts an MQTT broker (MQTT 3.1.1) on host:port; resolves once it listens. */
export async function startEmbeddedBroker(options: EmbeddedBrokerOptions = {}): Promise<EmbeddedBroker> {
  const host = options.host ?? '127.0.0.1';
  const users = (options.users ?? []).map((u) => ({ username: digest(u.username), password: digest(u.password) }));
  const broker = await Aedes.createBroker({
    authenticate(_client, username, password, done) {
      if (users.length === 0) return done(null, true);
      if (username === undefined) return done(refusal('a username and password are required', 5), null);
      const name = digest(username);
      const given = digest(password ?? '');
      // Every user is compared in full, so the time taken tells nothing of which names exist.
      let ok = false;
      for (const u of users) ok = [timingSafeEqual(name, u.username), timingSafeEqual(given, u.password)].every(Boolean) || ok;
      return ok ? done(null, true) : done(refusal('bad username or password', 4), null);
    },
    authorizePublish(_client, packet, done) {
      if (packet.topic.startsWith(`${TOPIC_ROOT}/`)) return done(null);
      done(new Error(`publishing is allowed only under ${TOPIC_ROOT}/, not on ${packet.topic}`));
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
    close() {
      closing ??= new Promise<void>((resolve) => broker.close(() => resolve())).then(
        () => new Promise<void>((resolve) => server.close(() => resolve())),
      );
      return closing;
    },
  };
}
