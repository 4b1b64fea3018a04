// The baseline of perft.bench.ts: `dambord perft --variant V DEPTH` as dambord counted before it
// counted on every core: each depth walked on its own, on the main thread, the moves of every
// node generated (no table of positions already counted), the last ply counted, not played.
// Run as a process of its own, as the command is: node --import tsx bench/perftBefore.ts V DEPTH
import { PerftWalker, colorBit, parseFen, variantByName } from '../rules/index.ts';

const [name, depthText] = process.argv.slice(2);
const variant = variantByName(name ?? '');
const depth = Number(depthText);
if (!variant || !(depth >= 1)) throw new Error('usage: perftBefore.ts VARIANT DEPTH');
const start = parseFen(variant, variant.startFen);
if (!start.ok) throw new Error(start.error.reason);
const walker = new PerftWalker(variant, { tableBits: 0 });
const out: string[] = [];
for (let d = 1; d <= depth; d++) out.push(`${d} ${walker.count(start.position.board.slice(), colorBit(start.position.turn), d)[d - 1]}`);
process.stdout.write(`${out.join('\n')}\n`);
