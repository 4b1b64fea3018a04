// The control endpoint against any body: fast-check posts arbitrary bytes, text, JSON values and
// command-shaped objects to POST /api/command of a real server in front of a real session on the
// simulated board (its clock held, so nothing runs between requests). Every answer is 2xx or 4xx
// with {ok, error} saying what was wrong, never 5xx, and the server goes on serving.
// DAMBORD_FUZZ_RUNS sets the number of runs (test/fuzz.ts).
import { request } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFen, variants } from '../../rules/index.ts';
import { tournament } from '../game/referee/policy.ts';
import { openSerialLink } from '../link/serialLink.ts';
import { BOARD_BUTTONS } from '../link/types.ts';
import { startSession } from '../play/session.ts';
import type { RunningSession } from '../play/session.ts';
import { simulatedBoardFor } from '../sim/boards.ts';
import { fuzzRuns } from '../../test/fuzz.ts';
import { MAX_BODY_BYTES, startWebServer } from './server.ts';
import type { WebServer } from './server.ts';

let session: RunningSession;
let web: WebServer;

beforeAll(async () => {
  const v = variants.international;
  const start = parseFen(v, v.startFen);
  if (!start.ok) throw new Error('the start position does not parse');
  const sim = simulatedBoardFor(start.position, start.position.board, 'manual');
  const link = openSerialLink({ path: sim.path, binding: sim.binding });
  session = startSession({ start: start.position, policy: tournament, link, hands: sim.board, journal: null });
  // requireToken: a body is only read once the request may control the game.
  web = await startWebServer(session, { port: 0, requireToken: true });
});

afterAll(async () => {
  await web.close();
  await session.close();
});

interface Answer {
  readonly status: number;
  readonly type: string;
  readonly text: string;
}

/** POSTs `body` to /api/command with the token and the content type given, and any other headers. */
function send(body: Uint8Array | string, type: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: web.port, method: 'POST', path: '/api/command', headers: { 'Content-Type': type, Authorization: `Bearer ${web.token}`, ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The answer is 2xx or 4xx, JSON, {ok:true} or {ok:false} with a short error that says something. */
function checkAnswer(a: Answer): void {
  expect(a.status >= 200 && a.status < 500, `${a.status} ${a.text}`).toBe(true);
  expect(a.type).toContain('application/json');
  const body = JSON.parse(a.text) as { ok: unknown; error?: unknown };
  if (a.status < 300) {
    expect(body).toEqual({ ok: true });
    return;
  }
  expect(body.ok).toBe(false);
  expect(typeof body.error).toBe('string');
  const error = body.error as string;
  expect(error.length).toBeGreaterThan(5);
  expect(error.length).toBeLessThan(400);
}

const squares = fc.oneof(fc.integer({ min: -2, max: 60 }).map(String), fc.string({ maxLength: 10 }), fc.constantFrom('', '1', '50', '051', '5O', ' 32', '32 ', 'a1', '__proto__'));
const fieldValue = fc.oneof(fc.jsonValue({ maxDepth: 2 }), squares, fc.constantFrom(...BOARD_BUTTONS, 'white', 'black', 'red', null));
/** Objects shaped like commands: a known type (mostly) with the fields of any command, of any value. */
const commandish = fc.record(
  {
    type: fc.oneof(fc.constantFrom('lift', 'place', 'press', 'resign', 'draw'), fc.jsonValue({ maxDepth: 1 })),
    square: fc.oneof(squares, fieldValue),
    button: fieldValue,
    color: fieldValue,
    extra: fc.jsonValue({ maxDepth: 2 }),
  },
  { requiredKeys: [] },
);
const bodies = fc.oneof(
  commandish.map((c) => JSON.stringify(c)),
  fc.jsonValue().map((j) => JSON.stringify(j)),
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.uint8Array({ maxLength: 300 }),
  // Around the size limit.
  fc.integer({ min: MAX_BODY_BYTES - 40, max: MAX_BODY_BYTES + 40 }).map((n) => JSON.stringify({ type: 'lift', square: '1', pad: 'x'.repeat(Math.max(0, n - 40)) })),
);
const types = fc.oneof(fc.constant('application/json'), fc.constantFrom('application/json; charset=utf-8', 'APPLICATION/JSON', 'text/plain', '', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'));

describe('POST /api/command with any body', () => {
  it('fast-check: every answer is 2xx or 4xx with a clear message, never 5xx, and the server goes on', async () => {
    await fc.assert(
      fc.asyncProperty(bodies, types, async (body, type) => {
        checkAnswer(await send(body, type));
      }),
      { numRuns: fuzzRuns(300) },
    );
    const view = await fetch(new URL('/api/view', web.url));
    expect(view.status).toBe(200);
  });

  it('fast-check: command-shaped JSON reaches the session, which answers every one', async () => {
    await fc.assert(
      fc.asyncProperty(commandish, async (c) => {
        checkAnswer(await send(JSON.stringify(c), 'application/json'));
      }),
      { numRuns: fuzzRuns(300) },
    );
    expect((await fetch(new URL('/api/view', web.url))).status).toBe(200);
  });

  it('fast-check: any Host, Origin and Authorization is answered with 2xx or 4xx', async () => {
    // Header values as a client can send them: printable ASCII.
    const text = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 60 });
    const port = String(web.port);
    const host = fc.oneof(text, text.map((t) => `${t}:${port}`), text.map((t) => `[${t}]:${port}`), fc.constantFrom(`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, '[::1', `:${port}`, '127.0.0.1:99999'));
    const origin = fc.oneof(text, host.map((h) => `http://${h}`), fc.constant('null'));
    const auth = fc.oneof(text, text.map((t) => `Bearer ${t}`), fc.constant(`Bearer ${web.token}`), fc.constant(`bearer  ${web.token} `));
    await fc.assert(
      fc.asyncProperty(fc.record({ Host: host, Origin: origin, Authorization: auth }, { requiredKeys: [] }), fc.constantFrom('{"type":"press","button":"jadoube"}', '{"type":"lift"}'), async (headers, body) => {
        checkAnswer(await send(body, 'application/json', headers as Record<string, string>));
      }),
      { numRuns: fuzzRuns(300) },
    );
    expect((await fetch(new URL('/api/view', web.url))).status).toBe(200);
  });
});
