// A command for a game, from a request (the play page's /api/command, an event's
// /api/board/N/command): who may send it, its body read and checked, the session's answer.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { variantByName } from '../../rules/index.ts';
import type { Variant } from '../../rules/index.ts';
import { QUERIES } from '../game/queries.ts';
import { checkSettings } from '../game/settings.ts';
import type { QueryName } from '../game/queries.ts';
import type { PlayCommand, PlaySession } from '../game/types.ts';
import { BOARD_BUTTONS } from '../link/types.ts';
import type { BoardButton } from '../link/types.ts';
import { MAX_BODY_BYTES, fail, readBody, send } from './http.ts';
import type { ControlGuard } from './http.ts';

/**
 * Serves a POST of a PlayCommand for `session`: 403 from another origin (`what` names the game,
 * "this game"), 401 without the token where it is needed, 415 for another content type, 413 for
 * a body over 4 KB, 400 for malformed JSON, 404 when there is no session, 400 for a command
 * that is not one (settings the game's variant is not played with too), 409 when the session
 * refuses it, 200 `{ok:true}` (with `text` for an answer).
 */
export async function serveCommand(req: IncomingMessage, res: ServerResponse, guard: ControlGuard, o: { readonly what: string; readonly session: PlaySession | null; readonly missing?: string }): Promise<void> {
  const origin = req.headers.origin;
  if (origin !== undefined && origin.toLowerCase() !== `http://${(req.headers.host ?? '').toLowerCase()}`) {
    req.resume();
    fail(res, 403, `a page from ${origin} may not control ${o.what}`);
    return;
  }
  const refused = guard.mayControl(req);
  if (refused !== null) {
    req.resume();
    res.setHeader('WWW-Authenticate', 'Bearer realm="dambord"');
    fail(res, 401, refused);
    return;
  }
  if ((req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase() !== 'application/json') {
    req.resume();
    fail(res, 415, 'send the command as JSON with Content-Type: application/json');
    return;
  }
  const body = Number(req.headers['content-length'] ?? '0') > MAX_BODY_BYTES ? null : await readBody(req);
  if (body === null) {
    res.setHeader('Connection', 'close');
    fail(res, 413, `request body too large (at most ${MAX_BODY_BYTES} bytes)`);
    // Stop reading what is left; the connection closes after the answer.
    res.on('finish', () => req.destroy());
    return;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch (e) {
    fail(res, 400, `malformed JSON: ${e instanceof Error ? e.message : String(e)}`);
    return;
  }
  if (!o.session) {
    fail(res, 404, o.missing ?? 'no such game');
    return;
  }
  const checked = checkCommand(parsed, variantByName(o.session.view().variant) ?? null);
  if (!checked.ok) {
    fail(res, 400, checked.error);
    return;
  }
  let outcome: Awaited<ReturnType<PlaySession['command']>>;
  try {
    outcome = await o.session.command(checked.command);
  } catch (e) {
    fail(res, 500, `the session failed: ${e instanceof Error ? e.message : String(e)}`);
    return;
  }
  if (outcome.ok) send(res, 200, 'application/json; charset=utf-8', JSON.stringify(outcome.text === undefined ? { ok: true } : { ok: true, text: outcome.text }), 'no-store');
  else fail(res, 409, outcome.error);
}

const COLORS = ['white', 'black'];

export type CheckedCommand = { readonly ok: true; readonly command: PlayCommand } | { readonly ok: false; readonly error: string };

/**
 * Checks that a parsed request body is a {@link PlayCommand} for a game of `variant` (its
 * settings checked for that variant: null, no game, refuses them). Extra fields are dropped.
 *
 * @example
 * checkCommand({ type: 'lift', square: '32' }); // { ok: true, command: { type: 'lift', square: '32' } }
 * checkCommand({ type: 'press' });              // { ok: false, error: '"press" needs a "button": ...' }
 */
export function checkCommand(x: unknown, variant: Variant | null = null): CheckedCommand {
  const no = (error: string): CheckedCommand => ({ ok: false, error });
  const yes = (command: PlayCommand): CheckedCommand => ({ ok: true, command });
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return no('the command must be a JSON object with a "type"');
  const o = x as Record<string, unknown>;
  switch (o.type) {
    case 'lift':
    case 'place':
      if (typeof o.square !== 'string' || o.square.length === 0 || o.square.length > 8) {
        return no(`"${o.type}" needs a "square" (a square name such as "32")`);
      }
      return yes({ type: o.type, square: o.square });
    case 'press':
      if (typeof o.button !== 'string' || !(BOARD_BUTTONS as readonly string[]).includes(o.button)) {
        return no(`"press" needs a "button": one of ${BOARD_BUTTONS.join(', ')}`);
      }
      return yes({ type: 'press', button: o.button as BoardButton });
    case 'resign':
      if (typeof o.color !== 'string' || !COLORS.includes(o.color)) return no('"resign" needs a "color": white or black');
      return yes({ type: 'resign', color: o.color as 'white' | 'black' });
    case 'draw':
      if (o.color === undefined) return yes({ type: 'draw' });
      if (typeof o.color !== 'string' || !COLORS.includes(o.color)) return no('"draw" takes an optional "color": white or black, the side offering the draw');
      return yes({ type: 'draw', color: o.color as 'white' | 'black' });
    case 'decline-draw':
      if (typeof o.color !== 'string' || !COLORS.includes(o.color)) return no('"decline-draw" needs a "color": white or black, the side declining the draw offered to it');
      return yes({ type: 'decline-draw', color: o.color as 'white' | 'black' });
    case 'new-game': {
      const named = (name: unknown): name is string | undefined => name === undefined || (typeof name === 'string' && name.length <= 100);
      if (!named(o.white) || !named(o.black)) return no('"new-game" takes optional "white" and "black": the players\' names, at most 100 characters');
      return yes({ type: 'new-game', ...(o.white !== undefined ? { white: o.white } : {}), ...(o.black !== undefined ? { black: o.black } : {}) });
    }
    case 'settings': {
      if (!variant) return no('"settings" are for a game: none is known here');
      const checked = checkSettings(o.settings, variant);
      return checked.ok ? yes({ type: 'settings', settings: checked.settings }) : no(checked.error);
    }
    case 'takeback':
      return yes({ type: 'takeback' });
    case 'take-back':
      return yes({ type: 'take-back' });
    case 'hint':
      return yes({ type: 'hint' });
    case 'result':
      if (typeof o.result !== 'string' || o.result.length === 0 || o.result.length > 16) return no('"result" needs a "result", e.g. "2-0", "0-2" or "1-1"');
      return yes({ type: 'result', result: o.result });
    case 'query': {
      if (typeof o.what !== 'string' || !(QUERIES as readonly string[]).includes(o.what)) return no(`"query" needs a "what": one of ${QUERIES.join(', ')}`);
      if (o.square !== undefined && (typeof o.square !== 'string' || o.square.length === 0 || o.square.length > 8)) return no('"square" must be a square name such as "32"');
      if (o.count !== undefined && (typeof o.count !== 'number' || !Number.isInteger(o.count) || o.count < 1 || o.count > 200)) return no('"count" must be a whole number from 1 to 200');
      return yes({ type: 'query', what: o.what as QueryName, ...(o.square !== undefined ? { square: o.square as string } : {}), ...(o.count !== undefined ? { count: o.count as number } : {}) });
    }
    case 'computer':
      if (o.side !== undefined && (typeof o.side !== 'string' || !COLORS.includes(o.side))) return no('"computer" takes an optional "side": white or black, the side the computer plays');
      if (o.level !== undefined && (typeof o.level !== 'number' || !Number.isInteger(o.level) || o.level < 1 || o.level > 10)) return no('"computer" takes an optional "level": a whole number from 1 to 10');
      return yes({ type: 'computer', ...(o.side !== undefined ? { side: o.side as 'white' | 'black' } : {}), ...(o.level !== undefined ? { level: o.level as number } : {}) });
    default:
      return no('unknown command type: expected lift, place, press, resign, draw, decline-draw, new-game, settings, takeback, take-back, hint, result, query or computer');
  }
}

