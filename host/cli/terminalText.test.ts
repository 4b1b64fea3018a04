// Names typed into digitise are echoed (issue 26, finding 10): escape sequences and controls
// must not reach the terminal, nor a right-to-left override turn the rest of the line round.
import { describe, expect, it } from 'vitest';
import { forTerminal } from './terminalText.ts';

describe('forTerminal', () => {
  it.each([
    ['Anna de Vries', 'Anna de Vries'],
    ['Zoë Čapková 李', 'Zoë Čapková 李'],
    ['\u001b[2J\u001b[31mred', '\ufffd\ufffdred'],
    ['\u001b]0;owned\u0007title', '\ufffdtitle'],
    ['\u001b]8;;http://x\u001b\\link', '\ufffdlink'],
    ['a\u009b1mb', 'a\ufffdb'],
    ['x\u001bcy', 'x\ufffdy'],
    ['Anna\u202eBert', 'Anna\ufffdBert'],
    ['\u2067abc\u2069 \u200f\u061c', '\ufffdabc\ufffd \ufffd\ufffd'],
    ['line\r\nnext\tcol\u0000\u007f', 'line\ufffd\ufffdnext\ufffdcol\ufffd\ufffd'],
  ])('%j is printed as %j', (text, shown) => {
    expect(forTerminal(text)).toBe(shown);
  });

});
