// The relay's account of what it refused (issue 26): every refusal counted by reason and by board
// topic, and said on the terminal at most once a minute per reason, however many arrive. Pure:
// the time is passed in.
//
// By topic, and by host where the relay knows it: through a broker the relay sees the topic a
// message came on, never who published it, but with a hosts file (relay --hosts) each board's
// topic has one host that may publish on it, and dambord's own broker tells who it refused.

/** What a log counted: refusals in all, by reason, and the topics refused most (at most `topics` of them). */
export interface RefusalCounts {
  readonly total: number;
  readonly byReason: Readonly<Record<string, number>>;
  /** Topics and their refusals, most first; refusals on topics beyond the bound are under `(other topics)`. */
  readonly byTopic: readonly (readonly [string, number])[];
  /** Hosts (their users' names) and their refusals, most first, bounded as the topics are. */
  readonly byHost: readonly (readonly [string, number])[];
}

/** Counts refusals and says which to report now: each reason of each host at most once a minute. */
export interface RefusalLog {
  /**
   * Counts one refusal: its reason's code (`round`, `board`, `not JSON`, `access`...), the topic
   * it came on ('' for a refusal of the broker's that has none: a login, a subscription), why, in
   * words, and the host it is from when known. Returns the line to say now, or null when that
   * reason was said less than `everyMs` ago (the line then says how many more came meanwhile).
   *
   * @example log.note('round', 'dambord/E/HIJACK/board/1', 'round "HIJACK" is not the round served ("1")', now)
   * // 'refused a state on dambord/E/HIJACK/board/1: round "HIJACK" is not the round served ("1")'
   * @example log.note('access', '', 'login refused: bad username or password', now, 'hall2')
   * // 'refused host hall2: login refused: bad username or password'
   */
  note(code: string, topic: string, why: string, now: number, host?: string): string | null;
  counts(): RefusalCounts;
}

const OTHER = '(other topics)';
// (Hosts beyond the bound are counted under the same name.)

/** A log that says each reason at most once every `everyMs` (default a minute), counting at most `topics` topics one by one (default 1,000). */
export function createRefusalLog(options: { readonly everyMs?: number; readonly topics?: number } = {}): RefusalLog {
  const everyMs = options.everyMs ?? 60_000;
  const topics = options.topics ?? 1000;
  let total = 0;
  const byReason = new Map<string, number>();
  const byTopic = new Map<string, number>();
  const byHost = new Map<string, number>();
  /** Counts one under `name`, or under OTHER beyond the bound; returns the key counted. */
  const count = (m: Map<string, number>, name: string): string => {
    const key = m.has(name) || m.size < topics ? name : OTHER;
    m.set(key, (m.get(key) ?? 0) + 1);
    return key;
  };
  /** Per reason: when it was last said, and how many came since. */
  const said = new Map<string, { at: number; since: number }>();
  return {
    note(code, topic, why, now, host) {
      total++;
      byReason.set(code, (byReason.get(code) ?? 0) + 1);
      if (topic !== '') count(byTopic, topic);
      // Each host's reasons are said on their own: one host's refusals do not hide another's.
      const key = host === undefined ? code : `${code} ${count(byHost, host)}`;
      const last = said.get(key);
      if (last && now - last.at < everyMs) {
        last.since++;
        return null;
      }
      said.set(key, { at: now, since: 0 });
      const more = last && last.since > 0 ? ` (and ${last.since} more refused for this reason since it was last said)` : '';
      const what = topic === '' ? `host ${clip(host ?? '?')}` : `a state on ${clip(topic)}${host === undefined ? '' : ` (host ${clip(host)})`}`;
      return printable(`refused ${what}: ${why}${more}`);
    },
    counts: () => ({
      total,
      byReason: Object.fromEntries(byReason),
      byTopic: [...byTopic.entries()].sort((a, b) => b[1] - a[1]),
      byHost: [...byHost.entries()].sort((a, b) => b[1] - a[1]),
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
