// Button presses at once (issue 26, finding 10): two `press jadoube` posted together to a real
// session on the simulated board answered 500 (the second press found the button still down).
// The session takes its commands one at a time, a press lasting until its release: every press
// gets its own answer, and the board sees each as a press and a release.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedBinding } from '../../hardware/sim/binding.ts';
import { parseFen, variants } from '../../rules/index.ts';
import { tournament } from '../game/referee/policy.ts';
import { openSerialLink } from '../link/serialLink.ts';
import { startSession } from '../play/session.ts';
import type { RunningSession } from '../play/session.ts';
import { squaresHolding } from '../sim/boards.ts';
import { ModelBoard } from '../sim/modelBoard.ts';
import { startWebServer } from './server.ts';
import type { WebServer } from './server.ts';

let session: RunningSession;
let web: WebServer;
let board: ModelBoard;

beforeAll(async () => {
  const v = variants.international;
  const start = parseFen(v, v.startFen);
  if (!start.ok) throw new Error('the start position does not parse');
  // The model board of `dambord event`'s rehearsals: the board protocol without firmware.
  board = new ModelBoard({ squares: 50, occupied: squaresHolding(start.position.board) });
  const binding = new SimulatedBinding({ clock: 'realtime' });
  const link = openSerialLink({ path: binding.add(board), binding });
  session = startSession({ start: start.position, policy: tournament, link, hands: board, journal: null });
  web = await startWebServer(session, { port: 0 });
});

afterAll(async () => {
  await web.close();
  await session.close();
  board.stopRealtime();
});

/** POSTs `command` to /api/command: its status and body. */
function post(command: object): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: web.port, method: 'POST', path: '/api/command', headers: { 'Content-Type': 'application/json' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(JSON.stringify(command));
  });
}

describe('commands at once are taken one at a time', () => {
  it('two press jadoube together: both answered {"ok":true}', async () => {
    const answers = await Promise.all([post({ type: 'press', button: 'jadoube' }), post({ type: 'press', button: 'jadoube' })]);
    expect(answers).toEqual([{ status: 200, text: '{"ok":true}' }, { status: 200, text: '{"ok":true}' }]);
  });

  it('ten presses of every button at once, and a question among them: every one answered 200', async () => {
    const commands = [...Array.from({ length: 10 }, (_, k) => ({ type: 'press', button: ['jadoube', 'clock', 'accept', 'correct'][k % 4] })), { type: 'query', what: 'turn' }];
    const answers = await Promise.all(commands.map((c) => post(c)));
    expect(answers.map((a) => a.status)).toEqual(commands.map(() => 200));
  });
});
