#!/usr/bin/env node
// A fake Hub engine for tests, a real process speaking the protocol on standard I/O as
// "Hub protocol for draughts, version 2" (protocol.txt, Fabien Letouzey) writes it. It knows no
// rules: it answers every search with the move it is given.
//
//   node fakeHub.js [--mode=M] [--move=32-28] [--ponder=17-22] [--variants="normal killer bt"]
//                   [--no-variant] [--think-ms=20] [--record=FILE] [--name=Fake] [--say-folder]
//
// Modes: good; silent-start (no "wait"); silent-init (no "ready"); silent (no "done", even after
// "stop"); slow (ignores "stop" and answers after --think-ms); crash (exits on "go"); error
// ("error message=..." on "go"); malformed (a "done" with its quote left open); no-pong.

import { appendFileSync } from 'node:fs';
import process from 'node:process';
import { createInterface } from 'node:readline';
import { clearTimeout, setTimeout } from 'node:timers';

const opt = Object.fromEntries(process.argv.slice(2).map((a) => /^--([^=]+)(?:=(.*))?$/.exec(a)?.slice(1).map((x) => x ?? '') ?? [a, '']));
const mode = opt.mode ?? 'good';
const thinkMs = Number(opt['think-ms'] ?? 20);
const say = (line) => process.stdout.write(`${line}\n`);
let searching = null;

const done = () => {
  if (!searching) return;
  clearTimeout(searching);
  searching = null;
  // "done move=32-28 ponder=17-22"
  if (mode === 'malformed') say(`done move="${opt.move ?? '32-28'}`);
  else say(`done move=${opt.move ?? '32-28'}${opt.ponder ? ` ponder=${opt.ponder}` : ''}`);
};

// "if the standard input is closed, the engine should assume that the GUI has crashed and,
// therefore, quit as directly as possible."
createInterface({ input: process.stdin }).on('line', (line) => {
  if (opt.record) appendFileSync(opt.record, `${line}\n`);
  const command = line.split(' ')[0];
  switch (command) {
    case 'hub':
      // "id name=Scan version=3.0 author="Fabien Letouzey" country=France"
      say(`id name=${opt.name ?? 'Fake'} version=1.0 author="dambord tests" country=Netherlands${opt['say-folder'] !== undefined ? ` folder="${process.cwd()}"` : ''}`);
      if (opt['no-variant'] === undefined) say(`param name=variant value=normal type=enum values="${opt.variants ?? 'normal killer bt'}"`);
      say('param name=book value=true type=bool');
      if (mode !== 'silent-start') say('wait');
      break;
    case 'init':
      say('loading the evaluation'); // "it might display some information here, that the GUI should ignore"
      if (mode !== 'silent-init') say('ready');
      break;
    case 'go':
      if (mode === 'crash') process.exit(3);
      if (mode === 'error') return say('error message="the position is not set"');
      say(`info depth=1 mean-depth=1.0 score=0.12 nodes=100 time=0.001 nps=0.1 pv="${opt.move ?? '32-28'}${opt.ponder ? ` ${opt.ponder}` : ''}"`);
      say('info depth=2 score=-0.05 nodes=300 time=0.002'); // "Other engines can use any subset"
      searching = setTimeout(done, mode === 'silent' ? 3_600_000 : thinkMs);
      break;
    case 'stop':
      // "The engine is not expected to react instantly, but must still produce a "done" answer."
      if (mode !== 'slow' && mode !== 'silent') done();
      break;
    case 'ping':
      if (mode !== 'no-pong') say('pong');
      break;
    case 'quit':
      process.exit(0);
  }
});
