// Topic levels and the broker's publishing rule against any name and any topic (issue 26): a
// name's level is one MQTT level that reads back to the name (so two names never share a
// topic), any level reads back to one name or none, and no host is let publish a board that is
// not its own whatever the topic. DAMBORD_FUZZ_RUNS sets the number of runs (test/fuzz.ts).
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { fuzz } from '../../test/fuzz.ts';
import { publishRefusal, type AccessRules } from './access.ts';
import { parseBoardTopic, topicLevel, topicName } from './topics.ts';

/** Any string, lone surrogates and control characters included. */
const anyName = fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: fc.constantFrom('%', '+', '#', '/', '\0', '_', 'A', '2', 'F', 'u', '\u0085', '\ud800', '\udc00', ' ') }));

describe('topic levels, any name', () => {
  it('are one level, free of MQTT\'s wildcards and NUL, and read back to the name', async () => {
    await fuzz('topicLevel, any name', fc.property(anyName, (name) => {
      const level = topicLevel(name);
      if (level === '' || /[/+#\0]/.test(level)) throw new Error(`${JSON.stringify(name)} makes the level ${JSON.stringify(level)}`);
      if (topicName(level) !== name) throw new Error(`${JSON.stringify(level)} reads back as ${JSON.stringify(topicName(level))}, not ${JSON.stringify(name)}`);
    }), 500);
  });

  it('any level reads back to one name or none', async () => {
    await fuzz('topicName, any level', fc.property(anyName, (level) => {
      const name = topicName(level);
      if (name !== null && topicLevel(name) !== level) throw new Error(`${JSON.stringify(level)} reads as ${JSON.stringify(name)}, whose level is ${JSON.stringify(topicLevel(name))}`);
    }), 500);
  });

  it('no host publishes a board that is not its own, on any topic', async () => {
    const rules: AccessRules = { event: 'NK 2026', relayClientId: null, anonymousReads: false };
    const hall1 = { username: 'hall1', password: 'x', boards: new Set([1, 2, 3, 4]) };
    const topic = fc.oneof(anyName, fc.tuple(anyName, fc.integer({ min: 0, max: 10 })).map(([round, b]) => `dambord/NK 2026/${round}/board/${b}`));
    await fuzz('publishRefusal, any topic', fc.property(topic, fc.nat(), (t, bytes) => {
      const address = parseBoardTopic(t);
      const allowed = publishRefusal(hall1, rules, t, bytes) === null;
      if (allowed && (address === null || address.event !== 'NK 2026' || !hall1.boards.has(address.board) || bytes === 0)) throw new Error(`hall1 may publish ${bytes} bytes on ${JSON.stringify(t)}`);
    }), 500);
  });
});
