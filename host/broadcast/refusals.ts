// The relay's account of what it refused (issue 26): every refusal counted by reason and by board
// topic, and said on the terminal at most once a minute per reason, however many arrive. Pure:
// the time is passed in.
//
// By topic, not by host: through a broker the relay sees the topic a message came on, never who
// published it (the broker's access list says which host may publish where).

/** What a log counted: refusals in all, by reason, and the topics refused most (at most `topics` of them). */
export interface RefusalCounts {
  readonly total: number;
  readonly byReason: Readonly<Record<string, number>>;
  /** Topics and their refusals, most first; refusals on topics beyond the bound are under `(other topics)`. */
  readonly byTopic: readonly (readonly [string, number])[];
}

/** Counts refusals and says which to report now. */
export interface RefusalLog {
  /**
   * Counts one refusal: its reason's code (`round`, `board`, `not JSON`...), the topic it came
   * on and why, in words. Returns the line to say now, or null when that reason was said less
   * than `everyMs` ago (the line then says how many more came meanwhile).
   *
   * @example log.note('round', 'dambord/E/HIJACK/board/1', 'round "HIJACK" is not the round served ("1")', now)
   * // 'refused a state on dambord/E/HIJACK/board/1: round "HIJACK" is not the round served ("1")'
   */
  note(code: string, topic: string, why: string, now: number): string | null;
  counts(): RefusalCounts;
}

const OTHER = '(other topics)';

/** A log that says each reason at most once every `everyMs` (default a minute), counting at most `topics` topics one by one (default 1,000). */
export function createRefusalLog(options: { readonly everyMs?: number; readonly topics?: number } = {}): RefusalLog {
  const everyMs = options.everyMs ?? 60_000;
  const topics = options.topics ?? 1000;
  let total = 0;
  const byReason = new Map<string, number>();
  const byTopic = new Map<string, number>();
  /** Per reason: when it was last said, and how many came since. */
  const said = new Map<string, { at: number; since: number }>();
  return {
    note(code, topic, why, now) {
      total++;
      byReason.set(code, (byReason.get(code) ?? 0) + 1);
      const key = byTopic.has(topic) || byTopic.size < topics ? topic : OTHER;
      byTopic.set(key, (byTopic.get(key) ?? 0) + 1);
      const last = said.get(code);
      if (last && now - last.at < everyMs) {
        last.since++;
        return null;
      }
      said.set(code, { at: now, since: 0 });
      const more = last && last.since > 0 ? ` (and ${last.since} more refused for this reason since it was last said)` : '';
      return printable(`refused a state on ${clip(topic)}: ${why}${more}`);
    },
    counts: () => ({
      total,
      byReason: Object.fromEntries(byReason),
      byTopic: [...byTopic.entries()].sort((a, b) => b[1] - a[1]),
    }),
  };
}

/** A topic from the network, short enough for a line. */
function clip(text: string): string {
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/**
 * Text from the network as a terminal may show it: control and format characters (escape
 * sequences, bidirectional overrides) each written as `?`.
 *
 * @example printable('round \u001b[2J') // 'round ?[2J'
 */
export function printable(text: string): string {
  return text.replace(/[\p{Cc}\p{Cf}]/gu, '?');
}
