// A board's state as it comes from the network (an MQTT message, an HTTP post), checked field by
// field against BoardState before the relay takes it. Pure.
//
// The first field that is wrong is named with its path and what it should be
// ("moves[3].side is "red": it should be "white" or "black"). Fields BoardState does not have
// are left as they are.

import type { BoardState } from './types.ts';

/** A checked state, or the first thing wrong with it in words. */
export type CheckedState = { readonly ok: true; readonly state: BoardState } | { readonly ok: false; readonly error: string };

/** What is wrong with a value at a path, or null when it is right. */
type Check = (x: unknown, path: string) => string | null;

const shown = (x: unknown): string => {
  if (x === undefined) return 'missing';
  if (Array.isArray(x)) return 'a list';
  if (x === null) return 'null';
  if (typeof x === 'object') return 'an object';
  const text = JSON.stringify(x) ?? String(x);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
};

const fail = (x: unknown, path: string, should: string): string => `${path || 'the state'} is ${shown(x)}: it should be ${should}`;

const text: Check = (x, path) => (typeof x === 'string' ? null : fail(x, path, 'a string'));

const name: Check = (x, path) => (typeof x === 'string' && x.trim() !== '' ? null : fail(x, path, 'a name (a string, not empty)'));

const finite: Check = (x, path) => (typeof x === 'number' && Number.isFinite(x) ? null : fail(x, path, 'a number'));

const whole = (from: number): Check => (x, path) =>
  Number.isSafeInteger(x) && (x as number) >= from ? null : fail(x, path, `a whole number from ${from}`);

const oneOf = (...values: readonly (string | null)[]): Check => (x, path) =>
  values.includes(x as string | null) ? null : fail(x, path, values.map((v) => JSON.stringify(v)).join(' or '));

const side = oneOf('white', 'black');

const nullable = (check: Check): Check => (x, path) => (x === null ? null : check(x, path));

const list = (check: Check): Check => (x, path) => {
  if (!Array.isArray(x)) return fail(x, path, 'a list');
  for (let i = 0; i < x.length; i++) {
    const wrong = check(x[i], `${path}[${i}]`);
    if (wrong) return wrong;
  }
  return null;
};

const object = (fields: Readonly<Record<string, Check>>): Check => (x, path) => {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return fail(x, path, 'an object');
  const record = x as Record<string, unknown>;
  for (const [key, check] of Object.entries(fields)) {
    const wrong = check(record[key], path ? `${path}.${key}` : key);
    if (wrong) return wrong;
  }
  return null;
};

const move = object({ ply: whole(1), side, text, irregular: nullable(object({ code: text, article: text })) });

const irregularity = object({
  code: text,
  article: text,
  message: text,
  decision: oneOf('decide', 'note'),
  status: oneOf('pending', 'correcting', 'noted'),
  decides: oneOf('white', 'black', null),
  choices: nullable(object({ accept: text, correct: text })),
  required: nullable(text),
});

const boardState = object({
  event: name,
  round: name,
  board: whole(1),
  variant: name,
  size: (x, path) => (x === 8 || x === 10 ? null : fail(x, path, '8 or 10')),
  players: object({ white: text, black: text }),
  position: text,
  turn: side,
  moves: list(move),
  lastMove: nullable(object({ squares: list(text), captured: list(text) })),
  clock: nullable(object({ white: finite, black: finite, running: oneOf('white', 'black', null), control: text })),
  result: nullable(object({ result: text, reason: text, article: text })),
  irregularity: nullable(irregularity),
  link: name,
  pdn: text,
  t: finite,
});

/** Whether a value is a BoardState (as JSON gives it): the state, or the first thing wrong with it in words. */
export function checkBoardState(x: unknown): CheckedState {
  const wrong = boardState(x, '');
  if (wrong) return { ok: false, error: `not a board's state: ${wrong}` };
  const state = x as BoardState;
  const squares = (state.size * state.size) / 2;
  if (!new RegExp(`^[wWbB.]{${squares}}$`).test(state.position)) {
    return {
      ok: false,
      error: `not a board's state: position is ${shown(state.position)}: it should be ${squares} characters (w, W, b, B or .), one for each dark square of a board of ${state.size}`,
    };
  }
  return { ok: true, state };
}
