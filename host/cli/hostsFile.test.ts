// The relay's hosts file (host/cli/hostsFile.ts): each host's user, password and boards, as an
// organiser writes them; every mistake named with the file and line, never a password.

import { describe, expect, it } from 'vitest';
import { readHostsFile } from './hostsFile.ts';

describe('readHostsFile (dambord relay --hosts)', () => {
  it('reads hosts, a reader and comments; a password is the rest of its line', () => {
    const text = '# the hall\r\nhall1 1-4,7 correct horse battery\n\n  hall2\t5-6   an-other-secret  \nrelay read the relay\'s secret\n';
    expect(readHostsFile(text, 'hosts.txt')).toEqual({
      ok: true,
      users: [
        { username: 'hall1', password: 'correct horse battery', boards: new Set([1, 2, 3, 4, 7]) },
        { username: 'hall2', password: 'an-other-secret', boards: new Set([5, 6]) },
        { username: 'relay', password: 'the relay\'s secret', boards: 'read' },
      ],
    });
  });

  it('names the file and line of every mistake, and never a password', () => {
    const text = [
      'hall1 1-4 secret-one',
      'hall2 4-6 secret-two',
      'hall1 9 secret-three',
      'hall:3 10 secret-four',
      'hall4 x secret-five',
      'hall5 11 short',
      'hall6',
      'hall7 12',
    ].join('\n');
    const read = readHostsFile(text, 'hosts.txt');
    expect(read).toEqual({
      ok: false,
      errors: [
        'hosts.txt:2: board 4 of hall2 is hall1\'s (line 1): a board has one host',
        'hosts.txt:3: hall1 is named on line 1 already',
        'hosts.txt:4: the name "hall:3" should be letters, digits, ".", "_" or "-" (up to 64)',
        'hosts.txt:5: hall4\'s boards: "x" is not a board number or a range such as 1-16',
        'hosts.txt:6: hall5\'s password should be at least 8 characters, none of them control characters',
        'hosts.txt:7: a line is NAME BOARDS PASSWORD (e.g. hall1 1-16 a-long-secret), not one word',
        'hosts.txt:8: hall7\'s password should be at least 8 characters, none of them control characters',
      ],
    });
    expect(JSON.stringify(read)).not.toMatch(/secret-|short/);
  });

  it('wants at least one host', () => {
    expect(readHostsFile('# nobody yet\nrelay read relay-secret\n', 'hosts.txt')).toEqual({ ok: false, errors: ['hosts.txt: no host: give each host a line NAME BOARDS PASSWORD (e.g. hall1 1-16 a-long-secret)'] });
  });
});
