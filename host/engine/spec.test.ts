// Engine SPECs as `dambord match` and `dambord analyse` take them (issue 30, items 3 and 4).
import { describe, expect, it } from 'vitest';
import { parseEngineSpec, shellWords } from './spec.ts';

describe('parseEngineSpec', () => {
  it('reads builtin, its level and its seed', () => {
    expect(parseEngineSpec('builtin')).toEqual({ ok: true, spec: { kind: 'builtin', text: 'builtin' } });
    expect(parseEngineSpec('builtin:level=3')).toEqual({ ok: true, spec: { kind: 'builtin', text: 'builtin:level=3', level: 3 } });
    expect(parseEngineSpec('builtin:level=10,seed=42')).toEqual({ ok: true, spec: { kind: 'builtin', text: 'builtin:level=10,seed=42', level: 10, seed: 42 } });
  });

  it('splits a Hub command line as a shell does, quotes kept together', () => {
    expect(parseEngineSpec('hub:scan hub')).toMatchObject({ ok: true, spec: { kind: 'hub', command: 'scan', args: ['hub'] } });
    expect(parseEngineSpec(`hub:"/opt/my engines/scan" hub 'a b' c\\ d`)).toMatchObject({ ok: true, spec: { kind: 'hub', command: '/opt/my engines/scan', args: ['hub', 'a b', 'c d'] } });
  });

  it('reads dxp and dxp-listen addresses, IPv6 in brackets', () => {
    expect(parseEngineSpec('dxp:localhost:27531')).toMatchObject({ ok: true, spec: { kind: 'dxp', host: 'localhost', port: 27531 } });
    expect(parseEngineSpec('dxp-listen:127.0.0.1:27532')).toMatchObject({ ok: true, spec: { kind: 'dxp-listen', host: '127.0.0.1', port: 27532 } });
    expect(parseEngineSpec('dxp:[::1]:27531')).toMatchObject({ ok: true, spec: { kind: 'dxp', host: '::1', port: 27531 } });
  });

  it.each([
    ['scan', 'not a kind of engine'],
    ['builtin:level=0', 'level 0 is not from 1 to 10'],
    ['builtin:level=11', 'level 11'],
    ['builtin:strength=3', 'neither level=N nor seed=S'],
    ['builtin:level=2,level=3', 'level is given twice'],
    ['builtin:', 'neither level=N nor seed=S'],
    ['hub:', 'command is missing'],
    ['hub:"scan hub', 'is not closed'],
    ['dxp:localhost', 'HOST:PORT'],
    ['dxp:::1:27531', 'HOST:PORT'],
    ['dxp:host:0', 'port 0 is not from 1 to 65535'],
    ['dxp-listen:host:70000', 'port 70000'],
  ])('refuses %s, showing every form', (text, why) => {
    const r = parseEngineSpec(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toContain(why);
    expect(r.error).toContain(`engine "${text}"`);
    for (const form of ['builtin:level=N', 'hub:COMMAND [ARGS]', 'dxp:HOST:PORT', 'dxp-listen:HOST:PORT']) expect(r.error).toContain(form);
  });
});

describe('shellWords', () => {
  it('keeps double-quoted escapes and joins quoted parts glued to a word', () => {
    expect(shellWords(`a"b c"d "e\\"f" ''`)).toEqual(['ab cd', 'e"f', '']);
    expect(shellWords('  ')).toEqual([]);
  });
});
