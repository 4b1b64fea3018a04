// Viewers for the broadcast's scale test, in a process of their own: COUNT server-sent-event
// clients of URL/api/round/events written from the protocol (host/broadcast/server.ts's header),
// not from the page's code. Each keeps, per board, the revisions it received, the numbers of
// moves it saw and the last moves; a stream that ends is reopened with Last-Event-ID, as a
// browser's EventSource does. On the message "report" from the parent it sends what it counted.
//
// Run: node viewers.mjs URL COUNT   (a child process with IPC)

import http from 'node:http';
import process from 'node:process';
import { setTimeout } from 'node:timers';

const [url, countText] = process.argv.slice(2);
const count = Number(countText);
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** @type {{last: string | null, boards: Map<number, {rev: number, seen: Set<number>, moves: string}>, doubled: number, gaps: number, reconnects: number, snapshots: number, events: number}[]} */
const viewers = [];
let open = 0;

function apply(v, b, fromSnapshot) {
  let r = v.boards.get(b.board);
  if (!r) v.boards.set(b.board, (r = { rev: 0, seen: new Set(), moves: '' }));
  if (b.rev <= r.rev) {
    // A snapshot repeats what the viewer has; a board event never may.
    if (!fromSnapshot) v.doubled++;
    return;
  }
  if (!fromSnapshot && b.rev !== r.rev + 1 && r.rev !== 0) v.gaps += b.rev - r.rev - 1;
  r.rev = b.rev;
  r.seen.add(b.moves.length);
  r.moves = b.moves.map((m) => m.text).join(' ');
  r.result = b.result ? b.result.result : null;
}

function handle(v, block) {
  let id = null;
  let event = 'message';
  let data = '';
  for (const line of block.split('\n')) {
    if (line.startsWith('id: ')) id = line.slice(4);
    else if (line.startsWith('event: ')) event = line.slice(7);
    else if (line.startsWith('data: ')) data += line.slice(6);
  }
  if (id !== null) v.last = id;
  if (!data) return;
  const value = JSON.parse(data);
  v.events++;
  if (event === 'round') {
    v.snapshots++;
    for (const b of value.boards) apply(v, b, true);
  } else if (event === 'board') apply(v, value, false);
}

function connect(v) {
  const headers = v.last ? { 'Last-Event-ID': v.last } : {};
  const req = http.get(`${url}api/round/events`, { agent, headers }, (res) => {
    if (res.statusCode !== 200) {
      res.resume();
      setTimeout(() => connect(v), 500);
      return;
    }
    open++;
    let buf = '';
    res.setEncoding('utf8');
    res.on('data', (chunk) => {
      buf += chunk;
      let i;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, i);
        buf = buf.slice(i + 2);
        handle(v, block);
      }
    });
    // One reconnection for each stream, however many of end, error and close it emits.
    let ended = false;
    const again = () => {
      if (ended) return;
      ended = true;
      open--;
      v.reconnects++;
      setTimeout(() => connect(v), 200);
    };
    res.on('end', again);
    res.on('error', again);
    res.on('close', again);
  });
  req.on('error', () => setTimeout(() => connect(v), 500));
}

for (let i = 0; i < count; i++) {
  const v = { last: null, boards: new Map(), doubled: 0, gaps: 0, reconnects: 0, snapshots: 0, events: 0 };
  viewers.push(v);
  connect(v);
}

process.on('message', (m) => {
  if (m === 'open') {
    process.send({ open });
    return;
  }
  if (typeof m === 'object' && m !== null && 'at' in m) {
    // How many viewers have had the relay's change `at` (or, a restarted count, are past it).
    const n = Number(m.at.split('.')[1]);
    process.send({ caughtUp: viewers.filter((v) => v.last !== null && v.last.split('.')[0] === m.at.split('.')[0] && Number(v.last.split('.')[1]) >= n).length });
    return;
  }
  if (m !== 'report') return;
  // Per board: how many viewers ended on each move list, and how many missed a number of moves.
  const boards = {};
  let doubled = 0;
  let gaps = 0;
  let reconnects = 0;
  let events = 0;
  for (const v of viewers) {
    doubled += v.doubled;
    gaps += v.gaps;
    reconnects += v.reconnects;
    events += v.events;
    for (const [n, r] of v.boards) {
      const b = (boards[n] ??= { finals: {}, missedPlies: 0, viewers: 0 });
      b.viewers++;
      const key = `${r.moves}|${r.result}`;
      b.finals[key] = (b.finals[key] ?? 0) + 1;
      const plies = r.moves === '' ? 0 : r.moves.split(' ').length;
      for (let k = 1; k <= plies; k++) if (!r.seen.has(k)) b.missedPlies++;
    }
  }
  process.send({ viewers: viewers.length, open, doubled, gaps, reconnects, events, boards });
});
process.send({ started: count });
