// The page's commands against the computer, as the host reads them (host/web/command.ts):
// `take-back` and `hint` take nothing more; the message of an unknown type lists them.
import { describe, expect, it } from 'vitest';
import { checkCommand } from './command.ts';

describe('the page\'s commands against the computer', () => {
  it('reads take-back and hint', () => {
    expect(checkCommand({ type: 'take-back' })).toEqual({ ok: true, command: { type: 'take-back' } });
    expect(checkCommand({ type: 'hint' })).toEqual({ ok: true, command: { type: 'hint' } });
  });

  it('names them among the commands when the type is unknown', () => {
    const r = checkCommand({ type: 'undo' });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/take-back, hint/);
  });
});
