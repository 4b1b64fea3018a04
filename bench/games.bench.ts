import { readFileSync, readdirSync } from 'node:fs';
import { decodePdnBytes, parsePdnText, readPdn, variants } from '../rules/index.ts';
import type { ReadPdnOptions } from '../rules/index.ts';
import { ORACLE_FILES, ORACLE_GAMES, oracleTexts } from '../test/oracles.ts';
import type { BenchOptions, BenchResult } from './types.ts';

/**
 * Games replayed per second from PDN bytes: readPdn (decode, parse, match and play every move)
 * over every oracle game (test/fixtures/oracles/games, each file under its variant; the pdn-corpus
 * files by their tags or the PDN default; frisian is not implemented and left out), repeated for
 * about 3 s (1 s with --quick). Baseline in the same run: decodePdnBytes + parsePdnText, the
 * syntax layer alone, over the same bytes. Target (issue): 5,000 games/s, reported only.
 */
export async function run(opts: BenchOptions): Promise<BenchResult[]> {
  const inputs = load();
  const seconds = opts.quick ? 1 : 3;
  const games = inputs.reduce((n, i) => n + i.games, 0);
  const plies = inputs.reduce((n, i) => n + i.plies, 0);
  const errors = inputs.reduce((n, i) => n + i.errors, 0);

  const replay = () => {
    let n = 0;
    for (const i of inputs) n += readPdn(i.bytes, i.options).games.length;
    return n;
  };
  const syntax = () => {
    let n = 0;
    for (const i of inputs) n += parsePdnText(decodePdnBytes(i.bytes)).games.length;
    return n;
  };
  const ours = measure(replay, seconds);
  const base = measure(syntax, seconds);
  const gamesPerSecond = ours.units / ours.seconds;
  const syntaxPerSecond = base.units / base.seconds;
  const passes = ours.units / games;
  const set = `${games} games, ${plies} plies, ${inputs.length} texts`;
  return [
    {
      name: 'readPdn: oracle games (decode, parse, replay)', figure: gamesPerSecond, unit: 'games/s', better: 'higher',
      baseline: { name: 'parsePdnText (syntax only)', figure: syntaxPerSecond }, ratio: gamesPerSecond / syntaxPerSecond,
      target: { figure: 5000, met: gamesPerSecond >= 5000 },
      note: `${set}; ${passes.toFixed(0)} passes in ${ours.seconds.toFixed(1)} s; ${errors === 1 ? 'only nested_comment.pdn has an error' : `${errors} games with errors`}`,
    },
    {
      name: 'readPdn: oracle plies', figure: (plies * passes) / ours.seconds / 1000, unit: 'k plies/s', better: 'higher', baseline: null, ratio: null,
      note: `${(ours.seconds / (plies * passes) * 1e6).toFixed(2)} µs a ply, with decode and parse`,
    },
  ];
}

interface Input {
  readonly bytes: Uint8Array;
  readonly options: ReadPdnOptions;
  readonly games: number;
  readonly plies: number;
  readonly errors: number;
}

/** Every oracle text as bytes (the strings of the .json files encoded as UTF-8), with its variant and counts. */
function load(): Input[] {
  const utf8 = new TextEncoder();
  const texts: { bytes: Uint8Array; options: ReadPdnOptions }[] = ORACLE_FILES.flatMap(({ file, variant }) =>
    oracleTexts(file).map((t) => ({ bytes: typeof t === 'string' ? utf8.encode(t) : t, options: { variant: variants[variant] } })),
  );
  const dir = ORACLE_GAMES;
  for (const file of readdirSync(new URL('pdn-corpus/', dir)).sort()) texts.push({ bytes: readFileSync(new URL(`pdn-corpus/${file}`, dir)), options: {} });
  return texts.map((t) => {
    const games = readPdn(t.bytes, t.options).games;
    return { ...t, games: games.length, plies: games.reduce((n, g) => n + g.line.filter((p) => p.kind === 'ply').length, 0), errors: games.filter((g) => g.error).length };
  });
}

/** Runs `pass` once to warm up, then again and again for at least `seconds`; units are what the passes return. */
function measure(pass: () => number, seconds: number): { units: number; seconds: number } {
  pass();
  let units = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < seconds * 1000) {
    units += pass();
    elapsed = performance.now() - start;
  }
  return { units, seconds: elapsed / 1000 };
}
