// What digitise takes from the secretary (issue 26, finding 10): what is typed is echoed with no
// escape sequence or control left (the dates it takes are checked by rules/pdn/date.ts).
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Asker, Lines } from './sheetInput.ts';

describe('the header typed into digitise, echoed', () => {
  it('escape sequences, controls and a right-to-left override are shown as U+FFFD, never sent to the terminal; the values are kept as typed', async () => {
    const typed = ['NK\u001b[2J\u001b]0;owned\u0007 2026', 'Wijk\u202e aan Zee', '2026.02.30\u001b[31m', '2026.04.11', '3'];
    let shown = '';
    const out = new PassThrough().on('data', (d: Buffer) => (shown += d.toString()));
    const header = await new Asker(new Lines(Readable.from([typed.join('\n') + '\n'])), out).header({});
    expect(header).toEqual({ event: typed[0], site: typed[1], date: '2026.04.11', round: '3' });
    expect(shown.replaceAll('\n', '')).not.toMatch(/[\p{Cc}\u202e]/u);
    expect(shown).toBe(
      'Event: NK\ufffd\ufffd 2026\nSite: Wijk\ufffd aan Zee\nDate (YYYY.MM.DD): 2026.02.30\ufffd\n"2026.02.30\ufffd" is not a date as PDN writes it: YYYY.MM.DD, e.g. 2026.11.24, with ? for what the scoresheet does not say (1975.??.??)\nDate (YYYY.MM.DD): 2026.04.11\nRound: 3\n',
    );
  });
});
