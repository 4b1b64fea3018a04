// What `dambord digitise` reads from the secretary: the scoresheet's header (asked once a
// sitting), the players of each sheet and its result, as lines on standard input, checked as
// they come; a wrong answer is said and asked again, never taken.

import { createInterface } from 'node:readline';
import type { Color, Variant } from '../../rules/index.ts';
import { checkDate, normaliseResult } from '../../rules/index.ts';
import { forTerminal } from './terminalText.ts';

/** The header of a paper scoresheet as the secretary gives it; absent: unknown (PDN writes `?`). */
export interface SheetHeader {
  readonly event?: string;
  readonly site?: string;
  /** As PDN writes it: `2026.11.24`, `?` for what the sheet does not say (`1975.??.??`). */
  readonly date?: string;
  readonly round?: string;
}

/** The header of a sitting as a game's tags hold it (a resumed sheet's), values as written: `gameTags` writes them again alike. */
export function resumedHeader(tags: readonly { readonly name: string; readonly value: string }[]): SheetHeader {
  const value = (name: string) => tags.find((t) => t.name === name)?.value;
  return { event: value('Event'), site: value('Site'), date: value('Date'), round: value('Round') };
}

/** The players of one scoresheet. */
export interface Players {
  readonly white: string;
  readonly black: string;
}

/** A result given: as PDN writes it in the variant, and what ends the game at the board (a resignation or a draw agreed). */
export type GivenResult = { readonly ok: true; readonly result: string; readonly ends: { readonly type: 'resign'; readonly color: Color } | { readonly type: 'draw' } } | { readonly ok: false; readonly error: string };

/**
 * The result of a scoresheet from `text` (`2-0`, `0-2`, `1-1`; `1-0`, `0-1`, `1/2-1/2`, `½-½` as the
 * 8x8 variants write them), or what is wrong with it.
 *
 * @example resultOf('2-0', variants.international) // { ok: true, result: '2-0', ends: { type: 'resign', color: 'black' } }
 */
export function resultOf(text: string, v: Variant): GivenResult {
  const result = normaliseResult(text, v);
  const [win, loss, draw] = ['1-0', '0-1', '1-1'].map((r) => normaliseResult(r, v));
  const ends = result === win ? { type: 'resign' as const, color: 'black' as const } : result === loss ? { type: 'resign' as const, color: 'white' as const } : result === draw ? { type: 'draw' as const } : null;
  if (!ends || text.trim() === '') return { ok: false, error: `"${text.trim()}" is not a result: give ${win} (White won), ${loss} (Black won) or ${draw} (a draw), as the scoresheet says` };
  return { ok: true, result, ends };
}

/**
 * Standard input as lines, one at a time: `next()` resolves with the next line, or null once the
 * input has ended (and for ever after).
 */
export class Lines {
  private readonly queue: (string | null)[] = [];
  private waiting: ((line: string | null) => void) | null = null;
  private ended = false;
  private readonly rl;
  /** Whether the input is a terminal (which shows what is typed); otherwise answers are echoed. */
  readonly terminal: boolean;

  constructor(input: NodeJS.ReadableStream) {
    this.terminal = (input as { isTTY?: boolean }).isTTY === true;
    this.rl = createInterface({ input, terminal: false, crlfDelay: Infinity });
    this.rl.on('line', (line) => this.push(line));
    this.rl.on('close', () => this.push(null));
  }

  private push(line: string | null): void {
    if (this.ended) return;
    if (line === null) this.ended = true;
    const w = this.waiting;
    this.waiting = null;
    if (w) w(line);
    else this.queue.push(line);
  }

  /** The next line, or null at the end of the input. */
  next(): Promise<string | null> {
    if (this.queue.length > 0) {
      const line = this.queue.shift()!;
      if (line === null) this.queue.unshift(null);
      return Promise.resolve(line);
    }
    if (this.ended) return Promise.resolve(null);
    return new Promise((resolve) => (this.waiting = resolve));
  }

  /** Stops reading. */
  close(): void {
    this.rl.close();
  }
}

/** Asks the secretary through `out` and `lines`: each answer checked, a wrong one said and asked again. */
export class Asker {
  constructor(
    private readonly lines: Lines | null,
    private readonly out: NodeJS.WritableStream,
  ) {}

  /**
   * `question` with its default (`[...]`; Enter keeps it): the answer, checked by `check` (which
   * returns the value or what is wrong). Without lines (`--no-ask`), or once the input has
   * ended, the default.
   */
  async ask(question: string, fallback: string | undefined, check: (text: string) => { ok: true; value: string } | { ok: false; error: string } = (text) => ({ ok: true, value: text })): Promise<string | undefined> {
    if (!this.lines) return fallback;
    for (;;) {
      // What was typed is shown as forTerminal makes it: no escape or bidirectional control reaches the terminal.
      this.out.write(`${question}${fallback === undefined ? '' : ` [${forTerminal(fallback)}]`}: `);
      const line = await this.lines.next();
      if (line === null) {
        this.out.write('\n');
        return fallback;
      }
      const text = line.trim();
      if (!this.lines.terminal) this.out.write(`${forTerminal(text)}\n`);
      if (text === '') return fallback;
      const checked = check(text);
      if (checked.ok) return checked.value;
      this.out.write(`${forTerminal(checked.error)}\n`);
    }
  }

  /** The header of the sitting: event, site, date and round, the options' values as defaults. */
  async header(defaults: SheetHeader): Promise<SheetHeader> {
    const event = await this.ask('Event', defaults.event);
    const site = await this.ask('Site', defaults.site);
    const date = await this.ask('Date (YYYY.MM.DD)', defaults.date, (text) => {
      const d = checkDate(text);
      return d.ok ? { ok: true, value: d.date } : d;
    });
    const round = await this.ask('Round', defaults.round);
    return { event, site, date, round };
  }

  /** The players of a scoresheet. */
  async players(defaults: Partial<Players>): Promise<Players> {
    const white = await this.ask('White', defaults.white);
    const black = await this.ask('Black', defaults.black);
    return { white: white ?? '?', black: black ?? '?' };
  }
}
