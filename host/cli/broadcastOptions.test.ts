// The options `dambord event` and `dambord relay` share (host/cli/broadcastOptions.ts), as an
// organiser types them: the broadcast delay in seconds, the boards this host runs, and the
// broker's address, whose password never stays in the address the program passes on.

import { describe, expect, it } from 'vitest';
import { brokerOption, listOfBoards, secondsOption } from './broadcastOptions.ts';

describe('secondsOption (--delay)', () => {
  it('no delay given is no delay', () => {
    expect(secondsOption('delay', undefined, 3600)).toEqual({ ok: true, ms: 0 });
  });

  it.each([
    ['0', 0],
    ['900', 900_000],
    ['3600', 3_600_000],
    ['1.5', 1500],
    ['0.25', 250],
    [' 60 ', 60_000],
    ['007', 7000],
  ])('takes %j seconds as %d ms', (text, ms) => {
    expect(secondsOption('delay', text, 3600)).toEqual({ ok: true, ms });
  });

  it.each(['3601', '3600.5', '-1', '1e3', '0x10', '', ' ', 'abc', '1.', '.5', '15m', '1,5', 'Infinity', 'NaN'])('refuses %j, saying the range and what was given', (text) => {
    expect(secondsOption('delay', text, 3600)).toEqual({ ok: false, error: `--delay must be a number of seconds from 0 to 3600, not "${text}"` });
  });

  it('names the option it checks and its own limit', () => {
    expect(secondsOption('grace', '11', 10)).toEqual({ ok: false, error: '--grace must be a number of seconds from 0 to 10, not "11"' });
    expect(secondsOption('grace', '10', 10)).toEqual({ ok: true, ms: 10_000 });
  });
});

describe('listOfBoards (--boards)', () => {
  const boards = (text: string): number[] => {
    const r = listOfBoards(text);
    if (!r.ok) throw new Error(r.error);
    return [...r.boards].sort((a, b) => a - b);
  };

  it('reads a range, single boards and both mixed, spaces allowed', () => {
    expect(boards('1-16')).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    expect(boards('1,3,5-8')).toEqual([1, 3, 5, 6, 7, 8]);
    expect(boards(' 17 - 19 , 2 ')).toEqual([2, 17, 18, 19]);
    expect(boards('7')).toEqual([7]);
    expect(boards('4-4')).toEqual([4]);
  });

  it('a board named twice is one board', () => {
    expect(boards('1-3,2,3-4')).toEqual([1, 2, 3, 4]);
  });

  it.each(['0', '0-3', '5-3', 'a', '', '1,,2', '1-', '-3', '12345', '1-2-3', '1;2', '2.5', '1 2'])('refuses %j, quoting the part that is wrong', (text) => {
    const r = listOfBoards(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatch(/^--boards: "[^"]*" is not a board number or a range such as 1-16$/);
  });

  it('quotes the wrong part, not the whole list', () => {
    expect(listOfBoards('1-4,9-7,12')).toEqual({ ok: false, error: '--boards: "9-7" is not a board number or a range such as 1-16' });
  });
});

describe('brokerOption (--broker)', () => {
  it('takes the user and password from the address and gives back the address without them', () => {
    const r = brokerOption('mqtt://hall2:secret@10.0.0.5:1883', {});
    expect(r).toEqual({ ok: true, link: { url: 'mqtt://10.0.0.5:1883', username: 'hall2', password: 'secret' } });
  });

  it('decodes a user and password written with %-escapes', () => {
    const r = brokerOption('mqtt://z%C3%A1l%202:p%40ss%3Aw0rd@broker.local:1883', {});
    expect(r).toEqual({ ok: true, link: { url: 'mqtt://broker.local:1883', username: 'zál 2', password: 'p@ss:w0rd' } });
  });

  it('takes the password from DAMBORD_MQTT_PASSWORD when the address has none (kept out of the process list)', () => {
    expect(brokerOption('mqtt://relay@10.0.0.5:1883', { DAMBORD_MQTT_PASSWORD: 'from-env' })).toEqual({ ok: true, link: { url: 'mqtt://10.0.0.5:1883', username: 'relay', password: 'from-env' } });
  });

  it('the password in the address wins over the environment\'s', () => {
    expect(brokerOption('mqtt://relay:given@10.0.0.5:1883', { DAMBORD_MQTT_PASSWORD: 'from-env' })).toMatchObject({ ok: true, link: { password: 'given' } });
  });

  it('an address without credentials gives none', () => {
    expect(brokerOption('mqtt://127.0.0.1:1883', {})).toEqual({ ok: true, link: { url: 'mqtt://127.0.0.1:1883' } });
  });

  it.each([
    ['mqtts://hall:pw@broker.example:8883', 'mqtts://broker.example:8883'],
    ['ws://hall:pw@10.0.0.5:8080/mqtt', 'ws://10.0.0.5:8080/mqtt'],
    ['wss://hall:pw@broker.example/mqtt', 'wss://broker.example/mqtt'],
  ])('takes %s, passing on %s', (text, url) => {
    const r = brokerOption(text, {});
    expect(r).toEqual({ ok: true, link: { url, username: 'hall', password: 'pw' } });
  });

  it('never leaves the password or the user in the address it passes on', () => {
    for (const text of ['mqtt://hall2:s3cr3t@10.0.0.5:1883', 'ws://hall2:s3cr3t@10.0.0.5:8080/mqtt', 'mqtts://hall2:s3cr3t@broker.example']) {
      const r = brokerOption(text, {});
      expect(r.ok, text).toBe(true);
      if (!r.ok) continue;
      expect(r.link.url, text).not.toContain('s3cr3t');
      expect(r.link.url, text).not.toContain('hall2');
      expect(r.link.url, text).not.toContain('@');
    }
  });

  it.each(['http://hall:pw@10.0.0.5:1883', 'tcp://10.0.0.5:1883', 'file:///etc/passwd', 'broker.local:1883'])('refuses %s: not an MQTT address, naming the schemes', (text) => {
    const r = brokerOption(text, {});
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatch(/^--broker: "[a-z0-9.]+:" is not an MQTT address \(mqtt:\/\/, mqtts:\/\/, ws:\/\/ or wss:\/\/\)$/);
    expect(r.error).not.toContain('pw');
  });

  it.each(['', 'not an address', '10.0.0.5:1883', '//10.0.0.5:1883', 'mqtt://[::1'])('refuses %j: not an address, with an example', (text) => {
    expect(brokerOption(text, {})).toEqual({ ok: false, error: `--broker must be an address such as mqtt://user:password@127.0.0.1:1883, not "${text}"` });
  });
});
