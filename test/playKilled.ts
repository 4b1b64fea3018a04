// `dambord play` whose first journal kills its process (SIGKILL, as a power cut would) right after
// the Nth board event of the run is on the disk (host/journal/testing/killedAfterEvent.ts): the
// resume tests' process. Run as `node --import tsx test/playKilled.ts N ARGS...`.
import { playCommandWith } from '../host/cli/commands/play.ts';
import { runCli } from '../host/cli/main.ts';
import { killedAfterEvent } from '../host/journal/testing/killedAfterEvent.ts';

const n = Number(process.argv[2]);
const play = playCommandWith({ journal: (journal) => killedAfterEvent(journal, n) });
process.exitCode = await runCli(['play', ...process.argv.slice(3)], { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin }, { commands: [play] });
