import { randomBytes } from 'node:crypto';
import { startEmbeddedBroker } from '../../broadcast/broker.ts';
import { writeMosquittoConfig } from '../../broadcast/mosquittoConfig.ts';
import { isLoopback } from '../../web/http.ts';
import { readHostsFile } from '../hostsFile.ts';
import type { EmbeddedBroker } from '../../broadcast/broker.ts';
import { openSubscriber } from '../../broadcast/mqttLink.ts';
import { createRefusalLog, printable } from '../../broadcast/refusals.ts';
import { startBroadcastServer } from '../../broadcast/server.ts';
import { createRoundStore } from '../../broadcast/store.ts';
import { nodeStoreHost } from '../../broadcast/storeHost.ts';
import { boardTopic, parseBoardTopic } from '../../broadcast/topics.ts';
import { configHelp, parseArgsWithConfig } from '../configFile.ts';
import { RELAY_OPTIONS } from '../commandOptions.ts';
import { langFrom } from '../langOption.ts';
import { LANGUAGES } from '../../words/catalogue.ts';
import { EXIT, usageError } from '../command.ts';
import type { Command } from '../command.ts';
import { portOption, readText, why } from '../input.ts';
import { brokerOption, listOfBoards, pairingsOption, secondsOption } from '../broadcastOptions.ts';
import type { BrokerAddress } from '../broadcastOptions.ts';
import type { BrokerUser } from '../../broadcast/access.ts';

const usage = `Usage: dambord relay --event NAME [--round R] [--boards LIST | --pairings FILE] [--config FILE]
                     [--broker URL | [--mqtt-port N] [--mqtt-host H] [--hosts FILE | --mqtt-user U]]
                     [--http-port N] [--host H] [--delay SECONDS] [--id NAME] [--lang LANG]
       dambord relay --event NAME --hosts FILE --mosquitto-config DIR

Serves an event whose boards run on several computers (dambord event --broker on each): it
follows every board of the event through an MQTT broker and serves the round live, as one host
serves its own boards: the viewers' page at http://127.0.0.1:PORT/ and the feeds the draughts
sites poll (/feed/round.pdn, /feed/round.json, /feed/board/N.pdn). It only watches: the boards'
commands are on their own hosts.

Without --broker it starts its own broker (in this process, nothing to install) on --mqtt-port
for the hosts to publish to; --hosts FILE gives each host its own user, password and boards, and
each may publish only its boards' states. For a large event, run a real broker (Debian's
mosquitto) and give its address; --mosquitto-config writes its password file and access list
from the same hosts file. The relay's name at the broker is made anew (random) at each start;
with --id it keeps its session: restarted, it gets every state published while it was away.

The relay believes only what a board could have played: a state is taken only for the round
served and a board of it, within 128 KB, no more than 30 s ahead of this computer's clock, and
when its scoresheet replays to its moves and extends the board's game (or starts a new one).
Anything else is refused, counted, and said here at most once a minute per reason. Give the
round: without --round the relay serves the round of the first state it takes, and only that
one; the next round is served by starting the relay again with its --round (the broker keeps
every board's state).

Options:
  --event NAME      the event followed (as the hosts' pairings or --event name it)
  --round R         the round served (default: the round of the first state taken)
  --boards LIST     the round's boards, e.g. 1-64 (default 1-999)
  --pairings FILE   the round's boards as the pairings give them (CSV or PDN, as dambord event
                    reads them)
  --broker URL      a broker to follow: mqtt://USER:PASSWORD@HOST:PORT (or the password in
                    DAMBORD_MQTT_PASSWORD)
  --mqtt-port N     the embedded broker's port (default 1883)
  --mqtt-host H     the embedded broker's interface (default 127.0.0.1; 0.0.0.0 for the hosts
                    of a hall's network)
  --hosts FILE      the hosts, one a line: NAME BOARDS PASSWORD (e.g. hall1 1-16 a-long-secret;
                    # comments); each host may publish only its boards (docs/broadcast.md)
  --mqtt-user U     one user for every host, with the password in DAMBORD_MQTT_PASSWORD: any
                    host that has it may publish any board (without --hosts or --mqtt-user, the
                    embedded broker takes anyone, and listens on loopback only)
  --mosquitto-config DIR  write mosquitto's password file, access list and dambord.conf for
                    --hosts in DIR (include_dir DIR in mosquitto.conf), and stop
  --http-port N     the page's and feeds' port (default 8080; 0 for any free port)
  --host H          the page's interface (default 127.0.0.1)
  --lang LANG       the viewers' page's language: ${LANGUAGES.join(', ')} (default en)
${configHelp(20)}
  --delay SECONDS   broadcast delay: moves and clocks are shown this much later (up to 3600)
  --id NAME         the relay's name at the broker, for a kept session (default: a random one,
                    no session kept: the retained states give every board's last state)

Examples:
  dambord relay --event "NK 2026" --round 3 --boards 1-64 --broker mqtt://relay:secret@10.0.0.5:1883 --delay 900
  dambord relay --event "NK 2026" --round 3 --mqtt-host 0.0.0.0 --hosts hosts.txt
  dambord relay --event "NK 2026" --hosts hosts.txt --mosquitto-config /etc/mosquitto/dambord
`;

/** The host whose board a topic is (the one user of the hosts file that may publish on it), or null. */
function ownerOf(hosts: readonly BrokerUser[], topic: string): string | null {
  const board = parseBoardTopic(topic)?.board;
  if (board === undefined) return null;
  return hosts.find((h) => h.boards === 'all' || (h.boards instanceof Set && h.boards.has(board)))?.username ?? null;
}

/** `dambord relay`: an event's boards from an MQTT broker, served live. */
export const relayCommand: Command = {
  name: 'relay',
  summary: 'Serve an event whose boards run on several hosts, through an MQTT broker',
  usage,
  async run(argv, io) {
    const args = parseArgsWithConfig('relay', argv, RELAY_OPTIONS);
    if (!args.ok) return usageError(io, 'relay', args.error);
    const o = args.options;
    if (args.positionals.length > 0) return usageError(io, 'relay', `unexpected argument "${args.positionals[0]}"`);
    if (o.event === undefined || o.event.trim() === '') return usageError(io, 'relay', '--event NAME is needed: the event whose boards are followed');
    const lang = langFrom(o);
    if (!lang.ok) return usageError(io, 'relay', lang.error);
    const delay = secondsOption('delay', o.delay, 3600);
    if (!delay.ok) return usageError(io, 'relay', delay.error);
    const http = portOption('http-port', o['http-port'], 8080);
    if (!http.ok) return usageError(io, 'relay', http.error);
    const mqtt = portOption('mqtt-port', o['mqtt-port'], 1883);
    if (!mqtt.ok) return usageError(io, 'relay', mqtt.error);
    const httpPort = http.port;
    const mqttPort = mqtt.port;
    if (o.broker !== undefined && (o['mqtt-port'] ?? o['mqtt-host'] ?? o['mqtt-user']) !== undefined) return usageError(io, 'relay', '--mqtt-port, --mqtt-host and --mqtt-user set up the embedded broker; with --broker the relay follows that one');
    if (o.broker !== undefined && o.hosts !== undefined && o['mosquitto-config'] === undefined) return usageError(io, 'relay', '--hosts gives the embedded broker its users (or mosquitto\'s, with --mosquitto-config); with --broker, that broker has its own');
    if (o.hosts !== undefined && o['mqtt-user'] !== undefined) return usageError(io, 'relay', '--hosts gives each host its own user: no --mqtt-user with it');
    if (o['mosquitto-config'] !== undefined && o.hosts === undefined) return usageError(io, 'relay', '--mosquitto-config DIR writes the users of --hosts FILE: give it');
    if (o.round !== undefined && o.round.trim() === '') return usageError(io, 'relay', '--round R needs a round name');
    if (o.boards !== undefined && o.pairings !== undefined) return usageError(io, 'relay', '--boards and --pairings both name the round\'s boards: give one');
    const only = o.boards === undefined ? null : listOfBoards(o.boards);
    if (only && !only.ok) return usageError(io, 'relay', only.error);
    let round = o.round;
    let boards = only?.boards;
    if (o.pairings !== undefined) {
      const given = await pairingsOption(o.pairings, io, 'relay');
      if (!given.ok) return given.code;
      const read = given.pairings;
      const rounds = [...new Set(read.boards.map((b) => b.round).filter((r) => r !== null))];
      round ??= read.round ?? (rounds.length === 1 ? rounds[0] : undefined);
      if (round === undefined && rounds.length > 1) return usageError(io, 'relay', `the pairings hold rounds ${rounds.join(', ')}: choose one with --round`);
      boards = new Set(read.boards.filter((b) => b.round === null || b.round === round).map((b) => b.board));
      if (boards.size === 0) return usageError(io, 'relay', `${o.pairings} has no board of round ${round}`);
    }
    const password = process.env.DAMBORD_MQTT_PASSWORD;
    if (o['mqtt-user'] !== undefined && !password) return usageError(io, 'relay', '--mqtt-user needs its password in the environment: DAMBORD_MQTT_PASSWORD=...');
    const mqttHost = o['mqtt-host'] ?? '127.0.0.1';
    if (o.broker === undefined && o['mosquitto-config'] === undefined && !isLoopback(mqttHost) && o.hosts === undefined && o['mqtt-user'] === undefined) {
      return usageError(io, 'relay', `--mqtt-host ${mqttHost} opens the broker beyond this computer: give the hosts their users with --hosts FILE (or one user with --mqtt-user)`);
    }
    let hosts: BrokerUser[] = [];
    if (o.hosts !== undefined) {
      const text = await readText(o.hosts, io);
      const read = text.ok ? readHostsFile(text.text, text.name) : { ok: false as const, errors: [text.error] };
      if (!read.ok) {
        io.stderr.write(`${read.errors.map((e) => `dambord relay: ${e}`).join('\n')}\n`);
        return text.ok ? EXIT.checkFailed : EXIT.io;
      }
      hosts = read.users;
    }
    if (o['mosquitto-config'] !== undefined) {
      try {
        const files = writeMosquittoConfig(o['mosquitto-config'], o.event, hosts);
        io.stdout.write(`dambord relay: wrote ${files.passwordFile}, ${files.aclFile} and ${files.conf} for ${hosts.length} users of ${o.event}; add "include_dir ${o['mosquitto-config']}" to mosquitto.conf and restart mosquitto\n`);
        return EXIT.ok;
      } catch (e) {
        io.stderr.write(`dambord relay: cannot write mosquitto's files in ${o['mosquitto-config']}: ${why(e)}\n`);
        return EXIT.io;
      }
    }
    // Made anew at each start: nobody can guess it to take the relay's session (and without --id no session is kept).
    const clientId = o.id ?? `dambord-relay-${randomBytes(16).toString('hex')}`;

    // Every refusal counted by topic, host and reason, and said at most once a minute per reason: a host sending nonsense must not flood the terminal.
    const refusals = createRefusalLog();
    const refused = (code: string, topic: string, reason: string, host = ownerOf(hosts, topic)): void => {
      const line = refusals.note(code, topic, reason, Date.now(), host ?? undefined);
      if (line !== null) io.stderr.write(`dambord relay: ${line}\n`);
    };

    let embedded: EmbeddedBroker | null = null;
    let link: BrokerAddress;
    if (o.broker !== undefined) {
      const b = brokerOption(o.broker);
      if (!b.ok) return usageError(io, 'relay', b.error);
      link = b.link;
    } else {
      const users = o['mqtt-user'] !== undefined ? [{ username: o['mqtt-user'], password: password! }] : hosts;
      try {
        embedded = await startEmbeddedBroker({ port: mqttPort, host: mqttHost, users, event: o.event, relayClientId: clientId, onRefused: (who, reason) => refused('access', '', reason, who) });
      } catch (e) {
        io.stderr.write(`dambord relay: cannot start the broker on port ${mqttPort}: ${why(e)}; choose another with --mqtt-port\n`);
        return EXIT.io;
      }
      link = { url: embedded.url, username: embedded.relay!.username, password: embedded.relay!.password };
      const who = o.hosts !== undefined ? ` (${hosts.length} users of ${o.hosts}, each its boards)` : users.length ? ` (user ${users[0].username}, any board)` : ' (anyone on this computer)';
      io.stdout.write(`dambord relay: the broker for the hosts is at mqtt://${mqttHost}:${embedded.port}${who}\n`);
    }
    const store = createRoundStore({
      event: o.event,
      delayMs: delay.ms,
      ...(round !== undefined ? { round } : {}),
      ...(boards ? { boards } : {}),
      onRefused: (s, code, reason) => refused(code, boardTopic(s), reason),
    }, nodeStoreHost);
    let following = round !== undefined;
    const subscriber = openSubscriber({
      ...link,
      clientId,
      persistent: o.id !== undefined,
      event: o.event,
      onState: (s) => {
        if (!store.put(s) || following) return;
        following = true;
        io.stdout.write(`dambord relay: serving round ${printable(s.round)}, the first one a state was taken for; give --round to choose\n`);
      },
      onStatus: (text) => io.stdout.write(`dambord relay: ${text}\n`),
      onBad: (topic, reason) => refused('not a state', topic, reason),
    });
    subscriber.ready.catch(() => {});
    let server;
    try {
      server = await startBroadcastServer(store, { port: httpPort, host: o.host ?? '127.0.0.1', lang: lang.lang });
    } catch (e) {
      await subscriber.close();
      await embedded?.close();
      io.stderr.write(`dambord relay: cannot serve the round on port ${httpPort}: ${why(e)}; choose another with --http-port\n`);
      return EXIT.io;
    }
    io.stdout.write(`dambord relay: following ${o.event}; live at ${server.url}, feeds at ${server.url}feed/round.pdn; Ctrl-C ends\n`);
    await new Promise<void>((resolve) => {
      process.once('SIGINT', () => resolve());
      process.once('SIGTERM', () => resolve());
    });
    await server.close();
    await subscriber.close();
    await embedded?.close();
    store.close();
    const counts = store.counts();
    io.stdout.write(`dambord relay: stopped (${counts.shown} changes shown, ${refusals.counts().total} messages refused)\n`);
    return EXIT.ok;
  },
};
