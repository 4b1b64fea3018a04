// A listener that knows only a language's catalogue: it hears the transcript (the exact strings
// sent to the voice) and rebuilds the game's moves and result, as a blind player at the board
// must be able to. Each catalogue message is turned into a pattern (its ICU syntax tree read by
// @formatjs/icu-messageformat-parser: literal text as it stands, every select and plural option
// as an alternative, arguments as the text they hold), independently of the code that fills the
// messages in (words.ts, announce.ts).

import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** A pattern made from a message: its source and, per capturing group, the argument (and select key) it holds. */
interface Pattern {
  readonly source: string;
  readonly groups: readonly { readonly arg: string; readonly key?: string }[];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The pattern of `message`: `args` gives a sub-pattern per argument (default: any text). */
function pattern(message: string, args: Readonly<Record<string, string>> = {}): Pattern {
  const groups: { arg: string; key?: string }[] = [];
  const walk = (elements: readonly MessageFormatElement[]): string =>
    elements
      .map((e) => {
        switch (e.type) {
          case TYPE.literal:
            return escape(e.value);
          case TYPE.argument:
          case TYPE.number:
            groups.push({ arg: e.value });
            return `(${args[e.value] ?? '.+?'})`;
          case TYPE.pound:
            return '\\d+';
          case TYPE.select:
          case TYPE.plural:
            return `(?:${Object.entries(e.options)
              .map(([key, o]) => {
                if (e.type === TYPE.plural) return walk(o.value);
                groups.push({ arg: e.value, key });
                return `(${walk(o.value)})`;
              })
              .join('|')})`;
          default:
            return '';
        }
      })
      .join('');
  return { source: walk(parse(message)), groups };
}

/** Matches `text` wholly against `p`: each argument's text and each select's key, or null. */
function match(p: Pattern, text: string): Map<string, string> | null {
  const m = new RegExp(`^(?:${p.source})$`, 'u').exec(text);
  if (!m) return null;
  const out = new Map<string, string>();
  p.groups.forEach((g, i) => {
    const v = m[i + 1];
    if (v === undefined) return;
    if (g.key !== undefined) {
      if (!out.has(`${g.arg}#`)) out.set(`${g.arg}#`, g.key);
    } else if (!out.has(g.arg)) out.set(g.arg, v);
  });
  return out;
}

/** What the listener rebuilt: the moves that stand (each as its squares, from, every landing square, to) and the result. */
export interface Heard {
  readonly moves: string[][];
  readonly result: { readonly winner: string; readonly reason: string } | null;
  /** Lines of kind move that were no move (crowning said apart, ...). */
  readonly other: string[];
}

/** A transcript line, as the contract has it. */
export interface TranscriptLine {
  readonly t: number;
  readonly lang: string;
  readonly kind: string;
  readonly ply: number;
  readonly text: string;
}

/** Rebuilds the game from the transcript, knowing only `catalogue` (message id to ICU message). */
export function listen(catalogue: Readonly<Record<string, string>>, transcript: readonly TranscriptLine[]): Heard {
  const letter = match(pattern(catalogue['square.algebraic']), 'x 1') ? '[a-z]' : '.+?';
  const algebraic = pattern(catalogue['square.algebraic'], { letter, number: '\\d+' });
  const square = `(?:\\d+|${algebraic.source.replace(/(?<!\\)\((?!\?)/g, '(?:')})`;
  const takes = catalogue['step.takes'];
  const plain = pattern(catalogue['step.plain'], { from: square, to: square });
  /** A square's name as the notation writes it: `32`, or `c3` from the letter's name. */
  const squareName = (text: string): string | null => {
    if (/^\d+$/.test(text)) return text;
    const m = match(algebraic, text);
    if (!m) return null;
    return `${m.get('letter#') ?? m.get('letter')}${m.get('number')}`;
  };
  /** A route's squares: `32 to 28`, or `26 takes 37 takes 48`. */
  const route = (text: string): string[] | null => {
    const step = match(plain, text);
    const parts = step ? [step.get('from')!, step.get('to')!] : text.split(` ${takes} `);
    if (parts.length < 2) return null;
    const squares = parts.map(squareName);
    return squares.every((s) => s !== null) ? (squares as string[]) : null;
  };
  const move = pattern(catalogue.move);
  const acceptedPosition = pattern(catalogue['accepted.position']);
  const acceptedChanged = pattern(catalogue['accepted.changed']);
  const acceptedTakeback = pattern(catalogue['accepted.takeback']);
  const result = pattern(catalogue.result);

  const moves: string[][] = [];
  const other: string[] = [];
  let heardResult: Heard['result'] = null;
  for (const line of transcript) {
    if (line.kind === 'move') {
      const m = match(move, line.text);
      const squares = m && route(m.get('route') ?? '');
      if (squares) moves.push(squares);
      else other.push(line.text);
    } else if (line.kind === 'irregularity') {
      // An irregularity's decision: what stands or is taken back (its sentences come first).
      const stands = match(acceptedPosition, line.text);
      if (match(acceptedTakeback, line.text)) moves.pop();
      else if (stands) moves.push(route(stands.get('route') ?? '') ?? []);
      else if (match(acceptedChanged, line.text)) moves.push([]);
    } else if (line.kind === 'result') {
      const m = match(result, line.text);
      if (m) heardResult = { winner: m.get('winner#') ?? '?', reason: m.get('reason#') ?? '?' };
    }
  }
  return { moves, result: heardResult, other };
}
