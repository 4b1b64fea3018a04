// The page's words and numbers: clocks, milliseconds, the move list, the scoresheet header, the
// board link's health and the log, as people read them, in the page's words (words.js). Pure
// functions, no document: the tests run them in Node.

import { t } from './words.js';

/** @param {'white'|'black'|string} side */
export function sideName(side) {
  return side === 'white' ? t('common.white') : side === 'black' ? t('common.black') : String(side);
}

/**
 * Formats milliseconds left on a clock: `1:02:03`, `4:05`, and `9.7` under ten seconds.
 * @param {number} ms
 */
export function formatClock(ms) {
  const t = Math.max(0, ms);
  if (t < 10_000) return (Math.floor(t / 100) / 10).toFixed(1);
  const total = Math.ceil(t / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * A duration for people: whole milliseconds under a second (`17 ms`), else seconds with one
 * decimal (`2.4 s`); `–` when unknown.
 * @param {number | null | undefined} ms
 */
export function formatMs(ms) {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return '–';
  if (Math.abs(ms) < 999.5) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}

/**
 * Groups moves into numbered PDN pairs. Ply 1 is the first move of the game (ply 0 is read the
 * same way); a game whose first recorded move has an even ply starts with `1. ...`.
 * @param {readonly {ply: number, side: string, text: string}[]} moves
 * @returns {{number: number, first: {ply: number, text: string} | null, second: {ply: number, text: string} | null}[]}
 */
export function pairMoves(moves) {
  if (moves.length === 0) return [];
  const shift = moves[0].ply === 0 ? 1 : 0;
  /** @type {Map<number, {number: number, first: any, second: any}>} */
  const rows = new Map();
  for (const m of moves) {
    const ply = m.ply + shift;
    const n = Math.floor((ply + 1) / 2);
    let row = rows.get(n);
    if (!row) {
      row = { number: n, first: null, second: null };
      rows.set(n, row);
    }
    row[ply % 2 === 1 ? 'first' : 'second'] = { ply: m.ply, text: m.text };
  }
  return [...rows.values()].sort((a, b) => a.number - b.number);
}

/**
 * A move as the list and a screen reader name it: `3. 28x19`, `2... 19-23`, with its
 * irregularity when it stands irregular.
 * @param {{ply: number, side: string, text: string, irregular?: {code: string, article: string} | null}} m
 * @param {number} [firstPly] the ply of the game's first move (1; 0 is read the same way)
 */
export function moveName(m, firstPly = 1) {
  const ply = m.ply + (firstPly === 0 ? 1 : 0);
  const n = Math.floor((ply + 1) / 2);
  const base = `${n}${ply % 2 === 1 ? '.' : '...'} ${m.text}`;
  return m.irregular ? t('common.moveIrregular', { move: base, code: m.irregular.code, article: m.irregular.article }) : base;
}

/**
 * Sentences joined for reading aloud: each ends with one stop (a sentence that already ends
 * with `.`, `!`, `?` or `…` gets none added), separated by a space.
 * @param {readonly string[]} parts
 */
export function joinSentences(parts) {
  return parts
    .map((p) => String(p).trim())
    .filter((p) => p.length > 0)
    .map((p) => (/[.!?…]$/.test(p) ? p : `${p}.`))
    .join(' ');
}

/**
 * A value of the scoresheet (a player's name, the event, ...) as people read it: '' for one
 * PDN writes when it is not known (`?`, `-`, `????.??.??`, empty).
 * @param {unknown} s
 */
export function known(s) {
  return typeof s === 'string' && !/^[?.\-\s]*$/.test(s) ? s.trim() : '';
}

/** Control characters (C0, DEL, C1): a space in a name shown. */
const CONTROLS = /\p{Cc}+/gu;
/** Bidirectional controls (LRM, RLM, ALM, the embeddings and overrides, the isolates): left out of a name shown. */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
/** A strong right-to-left letter: Hebrew, Arabic, Syriac, Thaana, N'Ko and the rest of U+0590-U+08FF, their presentation forms, and the right-to-left planes' scripts. */
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;

/**
 * A name from outside (a player, an event) as a sentence may hold it: `known(s)` without
 * control characters and bidirectional controls (an override in a name would turn the rest of
 * the sentence round), and isolated (FSI ... PDI, as `<bdi>` does) when it has right-to-left
 * letters, so that the words around it keep their order. '' when not known.
 * @example shownName('Anna\u202eBert') // 'AnnaBert'
 * @example shownName('محمد') // '\u2068محمد\u2069'
 * @param {unknown} s
 */
export function shownName(s) {
  const name = known(s).replace(BIDI_CONTROLS, '').replace(CONTROLS, ' ').trim();
  return RIGHT_TO_LEFT.test(name) ? `\u2068${name}\u2069` : name;
}

/**
 * The scoresheet's header in one line: `Club night, round 3 · Utrecht · 2026.11.24`; '' when
 * nothing is known (PDN's `?` and `????.??.??` count as unknown).
 * @param {{event?: string, site?: string, date?: string, round?: string} | null | undefined} header
 */
export function headerLine(header) {
  if (!header) return '';
  const event = shownName(header.event);
  const round = shownName(header.round);
  const first = [event, round ? t('common.round', { round }) : ''].filter(Boolean).join(', ');
  return [first, shownName(header.site), shownName(header.date)].filter(Boolean).join(' · ');
}

/**
 * The result for people: `2-0: White wins, resignation (article 7.2.1)`, `1-1: a draw, ...`;
 * the score first, as the scoresheet writes it.
 * @param {{result: string, reason?: string, article?: string}} r
 */
export function resultLine(r) {
  const score = /^(\d+(?:\/\d+)?)-(\d+(?:\/\d+)?)$/.exec(r.result);
  const value = (/** @type {string} */ s) => (s.includes('/') ? Number(s.split('/')[0]) / Number(s.split('/')[1]) : Number(s));
  let who = '';
  if (score) {
    const [w, b] = [value(score[1]), value(score[2])];
    who = t('common.winner', { winner: w > b ? 'white' : b > w ? 'black' : 'draw' });
  }
  const why = [who, r.reason ?? ''].filter(Boolean).join(', ');
  return `${r.result}${why ? `: ${why}` : ''}${r.article ? ` ${t('common.articleCited', { article: r.article })}` : ''}`;
}

const FAULTS = ['crcErrors', 'syntaxErrors', 'longLines', 'gaps', 'mismatches', 'invalidEvents', 'heartbeatLosses', 'timeouts', 'commandFailures'];

/** The link in a few words: its state, the board's firmware and, when the board reports its health, faults seen. */
export function linkSummary(/** @type {any} */ link) {
  const h = link.health;
  const state = t('common.linkState', { state: String(link.state) });
  if (!h) return state;
  const faults = FAULTS.map((k) => (typeof h[k] === 'number' ? h[k] : 0)).reduce((a, b) => a + b, 0);
  const fw = link.firmware ? ` (${/Firmata/.test(link.firmware) ? link.firmware : `dambord ${link.firmware}`})` : '';
  return t('play.linkSummary', { state, firmware: fw, count: h.linesOk ?? 0, firmata: /Firmata/.test(link.firmware ?? '') ? 'yes' : 'no', faults });
}

/** What each counter of the link's health means, in words (host/link/types.ts, LinkHealth): its page word. */
const HEALTH_WORDS = /** @type {const} */ ({
  linesOk: 'play.health.linesOk',
  crcErrors: 'play.health.crcErrors',
  syntaxErrors: 'play.health.syntaxErrors',
  longLines: 'play.health.longLines',
  unknownLines: 'play.health.unknownLines',
  gaps: 'play.health.gaps',
  gapsRepaired: 'play.health.gapsRepaired',
  resends: 'play.health.resends',
  snapshotsUsed: 'play.health.snapshotsUsed',
  duplicatesDropped: 'play.health.duplicatesDropped',
  outOfOrder: 'play.health.outOfOrder',
  staleLines: 'play.health.staleLines',
  mismatches: 'play.health.mismatches',
  invalidEvents: 'play.health.invalidEvents',
  reconnects: 'play.health.reconnects',
  openFailures: 'play.health.openFailures',
  reboots: 'play.health.reboots',
  heartbeatLosses: 'play.health.heartbeatLosses',
  errorReplies: 'play.health.errorReplies',
  unexpectedReplies: 'play.health.unexpectedReplies',
  timeouts: 'play.health.timeouts',
  retries: 'play.health.retries',
  commandFailures: 'play.health.commandFailures',
  msSinceLastLine: 'play.health.msSinceLastLine',
  msSinceLastValidLine: 'play.health.msSinceLastValidLine',
});

/**
 * The link's health as rows for people: lines read, the time since the last line (`17 ms ago`),
 * and every fault counter above 0; one row saying it is not reported when there is none.
 * @param {object | null | undefined} health the link's counters (PlayView.link.health: LinkHealth)
 * @returns {{label: string, value: string}[]}
 */
export function healthRows(health) {
  if (!health) return [{ label: t('play.health'), value: t('play.healthNotReported') }];
  /** @type {{label: string, value: string}[]} */
  const rows = [];
  for (const [k, v] of Object.entries(health)) {
    if (k === 'state') continue;
    const id = Object.hasOwn(HEALTH_WORDS, k) ? HEALTH_WORDS[/** @type {keyof typeof HEALTH_WORDS} */ (k)] : null;
    const label = id ? t(id) : k.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);
    if (k.startsWith('msSince')) rows.push({ label, value: typeof v === 'number' ? t('play.ago', { time: formatMs(v) }) : t('play.noneYet') });
    else if (k === 'linesOk' || (typeof v === 'number' && v > 0)) rows.push({ label, value: typeof v === 'number' ? String(Math.round(v)) : String(v) });
  }
  return rows;
}

/**
 * A line of the game's log for people: the line itself, without a raw JSON value a host may
 * have appended (`correction {"type":...}` reads `correction`).
 * @param {string} line
 */
export function readableLog(line) {
  const text = String(line);
  const at = text.search(/[{[]/);
  if (at < 0) return text;
  try {
    JSON.parse(text.slice(at));
  } catch {
    return text;
  }
  return text.slice(0, at).trim() || text;
}
