import type { Socket } from 'node:net';
import type { Color, Game, Move, Variant } from '../../rules/index.ts';
import { currentPosition, opposite, positionKey, sameMove } from '../../rules/index.ts';
import type { Engine, EngineAnswer, EngineErrorKind, EngineLimits } from './engine.ts';
import { EngineError } from './engine.ts';
import type { EngineLog } from './engineLog.ts';
import type { DxpMessage } from './dxpCodec.ts';
import { DxpFramer, decodeDxp, encodeDxp } from './dxpCodec.ts';
import { dxpGameTime, dxpMove, dxpMoveAllowance, dxpPosition, dxpVariantRefusal, matchDxpMove } from './dxpGame.ts';

/** How a DXP session behaves: its names, its log and how long it waits. */
export interface DxpSessionOptions {
  /** The engine's address as the user named it (`dxp:127.0.0.1:27531`), in errors until the engine names itself. */
  readonly label: string;
  readonly variant: Variant;
  readonly log: EngineLog;
  /** dambord's name in GAMEREQ. */
  readonly name: string;
  /** ms to wait for GAMEACC and for the acknowledging GAMEEND. */
  readonly replyTimeoutMs: number;
  /** ms after a move's time plus 10% in which a late MOVE is still heard (and refused as slow); after it the engine is silent. */
  readonly graceMs: number;
}

/** Something the engine did: a message, a fault in what it sent, or the connection's end. */
type Heard =
  | { readonly kind: 'message'; readonly message: DxpMessage; readonly text: string }
  | { readonly kind: 'fault'; readonly reason: string; readonly text: string }
  | { readonly kind: 'closed'; readonly reason: string }
  | { readonly kind: 'timeout' };

/** What the engine has of the game: the position its game started from, the moves since, its colour. */
interface Synced {
  readonly key: string;
  readonly line: Move[];
  readonly color: Color;
}

/**
 * A DXP engine over a connected socket, dambord the Initiator (edxplg2.htm: "The Initiator sends
 * a GAMEREQ message ... The Follower answers with a GAMEACC message. Next, MOVE messages ... are
 * exchanged ... strictly alternating"). Each game starts from its position: when the engine's
 * game is not the start of the one it is asked about (a new game, a take back, another start),
 * the game on is ended (GAMEEND) and a new one requested (GAMEREQ) from the current position.
 */
export class DxpSession implements Engine {
  private follower: string | null = null;
  private synced: Synced | null = null;
  private gameOn = false;
  private dead: string | null = null;
  private closing = false;
  private waiter: ((heard: Heard) => void) | null = null;
  /** What the engine did while nobody waited, oldest first. */
  private readonly heard: Heard[] = [];
  private lastAnswerAt = Date.now();
  private readonly framer = new DxpFramer();

  constructor(
    private readonly socket: Socket,
    private readonly opts: DxpSessionOptions,
  ) {
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      this.dead ??= error.code ?? error.message;
    });
    socket.on('close', () => {
      this.dead ??= this.closing ? 'dambord closed it' : 'the engine closed it';
      if (!this.closing) this.opts.log.note(this.who, `connection closed: ${this.dead}`);
      this.hear({ kind: 'closed', reason: this.dead });
    });
  }

  /** The engine's name from its GAMEACC, or its address until it has answered one. */
  get name(): string {
    return this.follower ?? this.opts.label;
  }

  private get who(): string {
    return this.follower ? `${this.follower} (${this.opts.label})` : this.opts.label;
  }

  async think(game: Game, limits: EngineLimits, opts: { readonly signal?: AbortSignal } = {}): Promise<EngineAnswer> {
    const pos = currentPosition(game);
    const refusal = dxpVariantRefusal(pos.variant);
    if (refusal) throw this.error('refused', refusal);
    if (this.dead !== null) throw this.error('crashed', `the connection is closed (${this.dead})`);
    opts.signal?.throwIfAborted();
    if (this.heard.length > 0) this.drop(); // said out of turn: the engine's game is no longer ours
    const started = Date.now();
    const ours = this.continuation(game, pos.turn);
    if (ours) {
      this.send(dxpMove(ours, Math.round((started - this.lastAnswerAt) / 1000)));
      this.synced?.line.push(ours);
    } else await this.newGame(game, limits, pos.turn, opts.signal);
    const move = await this.awaitMove(game, limits, started, opts.signal);
    this.synced?.line.push(move);
    this.lastAnswerAt = Date.now();
    return { move, score: null, pv: [], depth: null, nodes: null, ms: this.lastAnswerAt - started };
  }

  /**
   * Ends the game on (GAMEEND, egameend.htm: "`1' (I give up), `2' (draw ...), '3' (I win)", said
   * for dambord's side) and waits for the engine's acknowledging GAMEEND. When dambord's move
   * ended the game, the engine is sent that move first: "a GAMEEND may initially only be sent by
   * a program if it is it's turn", so the engine, to move, ends the game itself, and dambord
   * acknowledges it; should it move instead, dambord ends the game.
   */
  async gameOver(game: Game, result: string | null): Promise<void> {
    if (!this.gameOn || this.dead !== null || !this.synced) return;
    const scoring = currentPosition(game).variant.scoring;
    const ours = opposite(this.synced.color);
    const won = ours === 'white' ? scoring.whiteWins : scoring.blackWins;
    const reason = result === null ? 0 : result === scoring.draw ? 2 : result === won ? 3 : 1;
    const last = this.continuation(game, currentPosition(game).turn);
    if (last) {
      this.send(dxpMove(last, Math.round((Date.now() - this.lastAnswerAt) / 1000)));
      const heard = await this.next(this.opts.replyTimeoutMs);
      if (heard.kind === 'message' && heard.message.type === 'gameend') {
        this.gameOn = false;
        this.synced = null;
        this.send({ type: 'gameend', reason: 0, stop: 0 });
        return;
      }
    }
    await this.endGame(reason, 0);
  }

  /** GAMEEND with stop code 1 ("does not want to play a next game") if a game is on, then the connection ends. Never throws. */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.waiter?.({ kind: 'closed', reason: 'dambord closed the engine' }); // a move still awaited
    try {
      if (this.gameOn && this.dead === null) await this.endGame(0, 1, Math.min(this.opts.replyTimeoutMs, 1000));
    } catch {
      // Closing goes on whatever the engine answered.
    }
    if (this.dead !== null) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.socket.destroy();
        resolve();
      }, 1000);
      this.socket.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
      this.socket.end();
    });
  }

  /** Our side's last move, when the engine's game is this game but that move (strict alternation); null when a new game must start. */
  private continuation(game: Game, color: Color): Move | null {
    const s = this.synced;
    if (!this.gameOn || !s || s.color !== color) return null;
    const at = game.moves.length - s.line.length - 1;
    if (at < 0 || positionKey(game.positions[at]) !== s.key) return null;
    if (!s.line.every((m, i) => sameMove(m, game.moves[at + i]))) return null;
    return game.moves[game.moves.length - 1];
  }

  /** Ends any game on, then GAMEREQ from the current position with the engine as `color`, and its GAMEACC. */
  private async newGame(game: Game, limits: EngineLimits, color: Color, signal?: AbortSignal): Promise<void> {
    if (this.gameOn) await this.endGame(0, 0);
    const pos = currentPosition(game);
    const time = dxpGameTime(limits);
    this.send({ type: 'gamereq', version: '01', initiator: this.opts.name, followerColor: color, minutes: time.minutes, moves: time.moves, position: dxpPosition(pos) });
    const heard = await this.next(this.opts.replyTimeoutMs, signal);
    if (heard.kind === 'timeout') throw this.error('silent', `did not answer GAMEREQ within ${seconds(this.opts.replyTimeoutMs)}`);
    if (heard.kind !== 'message' || heard.message.type !== 'gameacc') throw this.unexpected(heard, 'GAMEACC');
    const m = heard.message;
    if (m.code !== 0) throw this.error('refused', REFUSALS[m.code], heard.text);
    this.follower = m.follower || this.follower;
    this.gameOn = true;
    this.synced = { key: positionKey(pos), line: [], color };
  }

  /** The engine's MOVE, checked against the rules and the time; any other outcome throws and leaves the engine's game to be started again. */
  private async awaitMove(game: Game, limits: EngineLimits, started: number, signal?: AbortSignal): Promise<Move> {
    const allowance = dxpMoveAllowance(limits);
    try {
      const heard = await this.next(allowance + this.opts.graceMs - (Date.now() - started), signal);
      if (heard.kind === 'timeout') {
        throw this.error('silent', `sent no move within ${seconds(allowance + this.opts.graceMs)} (the move's time plus 10%, and ${seconds(this.opts.graceMs)} grace)`);
      }
      if (heard.kind !== 'message') throw this.unexpected(heard, 'MOVE');
      const m = heard.message;
      if (m.type === 'gameend') {
        this.gameOn = false;
        this.send({ type: 'gameend', reason: 0, stop: 0 });
        throw this.error('refused', `ended the game instead of moving (${GAMEEND_REASONS[m.reason]}${m.stop === 1 ? '; it wants to play no more games' : ''})`, heard.text);
      }
      if (m.type !== 'move') throw this.unexpected(heard, 'MOVE');
      const took = Date.now() - started;
      if (took > allowance) throw this.error('slow', `moved after ${seconds(took)}; the move's time plus 10% is ${seconds(allowance)}`, heard.text);
      const match = matchDxpMove(currentPosition(game), m);
      if (!match.ok) throw this.error(match.kind, match.reason, heard.text);
      return match.move;
    } catch (error) {
      this.synced = null;
      throw error;
    }
  }

  /** GAMEEND, then the engine's acknowledging GAMEEND (egameend.htm: "It has no choice, the game will always be terminated"). */
  private async endGame(reason: 0 | 1 | 2 | 3, stop: 0 | 1, waitMs = this.opts.replyTimeoutMs): Promise<void> {
    this.send({ type: 'gameend', reason, stop });
    this.gameOn = false;
    this.synced = null;
    const until = Date.now() + waitMs;
    for (;;) {
      const heard = await this.next(until - Date.now());
      if (heard.kind === 'message' && heard.message.type === 'gameend') return;
      if (heard.kind === 'timeout' || heard.kind === 'closed') {
        this.opts.log.note(this.who, 'no GAMEEND came back');
        return;
      }
      // A move sent before the engine read our GAMEEND, or a fault: the game is over anyway.
    }
  }

  /** The next thing the engine did or does, within `ms`; an abort rejects with the signal's reason. */
  private next(ms: number, signal?: AbortSignal): Promise<Heard> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const queued = this.heard.shift();
    if (queued) return Promise.resolve(queued);
    if (this.dead !== null) return Promise.resolve({ kind: 'closed', reason: this.dead });
    return new Promise<Heard>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.waiter = null;
      };
      const onAbort = () => {
        done();
        reject(signal?.reason);
      };
      const timer = setTimeout(() => {
        done();
        resolve({ kind: 'timeout' });
      }, Math.max(0, ms));
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiter = (heard) => {
        done();
        resolve(heard);
      };
    });
  }

  private receive(chunk: Buffer): void {
    for (const piece of this.framer.push(chunk)) {
      this.opts.log.received(this.who, piece.text);
      if ('fault' in piece) {
        this.hear({ kind: 'fault', reason: piece.fault, text: piece.text });
        continue;
      }
      const read = decodeDxp(piece.text);
      if (!read.ok) this.hear({ kind: 'fault', reason: read.reason, text: piece.text });
      else if (read.message.type === 'chat') this.opts.log.note(this.who, `chat: ${read.message.text}`);
      else if (read.message.type === 'backreq') {
        // Taking back is done by a new game from the position (engines number BACKREQ moves differently).
        this.send({ type: 'backacc', code: 1 });
        this.opts.log.note(this.who, `asked to take back to move ${read.message.move}: answered BACKACC 1 (not supported)`);
      } else this.hear({ kind: 'message', message: read.message, text: piece.text });
    }
  }

  /** Hands what the engine did to the one waiting for it, or keeps it (at most {@link HEARD_MAX}) for the next wait. */
  private hear(heard: Heard): void {
    if (this.waiter) return this.waiter(heard);
    if (this.heard.length >= HEARD_MAX) this.heard.shift();
    this.heard.push(heard);
  }

  /**
   * Forgets what the engine said while nobody waited (a late move, a fault), noting it; the next
   * move starts a new game. A GAMEEND among it is acknowledged (egameend.htm: "GAMEEND is sent by
   * the other program ... to acknowledge the termination request").
   */
  private drop(): void {
    this.synced = null;
    for (const h of this.heard.splice(0)) {
      if (h.kind === 'closed') continue;
      this.opts.log.note(this.who, `ignored, said out of turn: ${'text' in h ? h.text : h.kind}`);
      if (h.kind === 'message' && h.message.type === 'gameend' && this.gameOn) {
        this.gameOn = false;
        this.send({ type: 'gameend', reason: 0, stop: 0 });
      }
    }
  }

  private send(m: DxpMessage): void {
    if (this.dead !== null) return;
    const text = encodeDxp(m);
    this.opts.log.sent(this.who, text);
    this.socket.write(`${text}\0`, 'latin1');
  }

  private unexpected(heard: Heard, wanted: string): EngineError {
    if (heard.kind === 'closed') return this.error('crashed', `the connection closed while dambord waited for ${wanted} (${heard.reason})`);
    if (heard.kind === 'fault') return this.error('malformed', `sent a message DXP does not allow: ${heard.reason}`, heard.text);
    if (heard.kind === 'message') return this.error('malformed', `sent ${heard.message.type.toUpperCase()} while dambord waited for ${wanted}`, heard.text);
    return this.error('silent', `sent no ${wanted}`);
  }

  private error(kind: EngineErrorKind, message: string, sent: string | null = null): EngineError {
    this.opts.log.note(this.who, `${kind}: ${message}`);
    return new EngineError(this.who, kind, message, sent);
  }
}

/** The most messages kept while nobody waits: an engine that floods is not held in memory. */
const HEARD_MAX = 64;

/** egameacc.htm's acceptance codes 1-3, as a refusal says them. */
const REFUSALS: Record<1 | 2 | 3, string> = {
  1: 'refused the game: it does not speak DXP version 01 (GAMEACC code 1)',
  2: 'refused this game but would play another (GAMEACC code 2: the time, the position or something else it does not accept)',
  3: 'refused to play any game (GAMEACC code 3)',
};

/** egameend.htm's reasons, said of the engine. */
const GAMEEND_REASONS: Record<0 | 1 | 2 | 3, string> = { 0: 'no reason given', 1: 'it gives up', 2: 'it says the game is a draw', 3: 'it says it wins' };

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms % 1000 === 0 ? 0 : 1)} s`;
}
