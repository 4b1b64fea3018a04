// Fuzz: one folder per name (archive.ts, folderName) on any names (fast-check): two names that
// differ (in their composed form, NFC, and both saying something) never share a folder, and every
// folder is one every file system takes and never climbs out of the archive. Runs:
// DAMBORD_FUZZ_RUNS (test/fuzz.ts), bounded in `npm test`.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { fuzz } from '../../test/fuzz.ts';
import { MAX_NAME, folderName } from './archive.ts';

/** Names as organisers and hostile users write them: the characters safeName rewrites are frequent. */
const name = fc.oneof(
  fc.string({ unit: fc.constantFrom('a', 'B', ' ', '  ', '/', ':', '\\', '-', '.', '?', '~', '"', "'", '\u0301', 'e', '\t', 'con', '0', 'f') , maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 90 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

const says = (s: string): boolean => !/^[?.\s]*$/u.test(s.normalize('NFC'));

describe('folderName on any names', () => {
  it('gives two different names two folders, each safe and at most 80 characters', async () => {
    await fuzz(
      'folderName, any two names',
      fc.property(name, name, (a, b) => {
        const fa = folderName(a, 'event');
        const fb = folderName(b, 'event');
        for (const f of [fa, fb]) {
          // eslint-disable-next-line no-control-regex
          if (/[/\\:*?"<>|\u0000-\u001f\u007f]/.test(f) || /^[.\s-]/u.test(f) || /[.\s]$/u.test(f) || Array.from(f).length > MAX_NAME || f === '') throw new Error(`unsafe folder ${JSON.stringify(f)}`);
        }
        if (says(a) && says(b) && a.normalize('NFC') !== b.normalize('NFC') && fa === fb) throw new Error(`${JSON.stringify(a)} and ${JSON.stringify(b)} share ${JSON.stringify(fa)}`);
        if (!says(a) && fa !== 'event') throw new Error(`${JSON.stringify(a)} says nothing, but has ${JSON.stringify(fa)}`);
        if (says(a) && fa === 'event') throw new Error(`${JSON.stringify(a)} shares the folder of unknown events`);
      }),
      2000,
    );
  });
});
