import type { ApiResult } from "@/components/http/call-api";
import type { ChangeQueue, IdLink } from "@/components/device/change-queue";
import { newRandomId, THIS_TAB_ID } from "@/components/device/this-tab";
import { sendUntilAnswered, type Request } from "./send-until-answered";
import { mergeUpdateRun, mergeWireRequests, runKey, toHttpRequest, toSendable, updateRunLength, type ServerIdOf, type WireRequest } from "./wire-request";

/** Typing and slider drags: the quiet moment after which their merged change is sent. */
export const QUIET_MS = 400;
/** The longest a device write waits for its gesture's frame. */
const FRAME_WAIT_MAX_MS = 100;

export interface OutboxEntry {
  key: string;
  request: WireRequest;
  baseVersion: number | null;
  /** Edits sharing it (one field being typed into) merge while this entry waits. */
  coalesceKey?: string;
  /** Not sent before this time (ms since epoch): typing's quiet moment. */
  readyAt: number;
  /** The entry's seq on the device once written; false when it could not be written. */
  written: Promise<number | false>;
  /** The same, once known. */
  seq?: number | false;
}

export interface OutboxHooks {
  /** The final answer of an entry (never a failure that can pass); the ids it gave, to keep on the device. */
  onAnswer(entry: OutboxEntry, result: ApiResult<unknown>): IdLink[];
  /** Something changed that the header shows (waiting, sending, retrying). */
  onChange(): void;
}

/**
 * This board's changes in the order they were made: each written to the device (ChangeQueue)
 * before it is sent, then sent one at a time until it has a final answer (sendUntilAnswered).
 * Nothing is taken out before its answer: a failure that can pass keeps it, and everything behind it.
 */
export class BoardOutbox {
  private readonly entries: OutboxEntry[] = [];
  private running = false;
  private inFlight = false;
  /** How many entries, from the first, the request on its way carries. */
  private sendingCount = 0;
  private retrying = false;
  /** Set by a failure that can pass, until the queue is empty: what queued meanwhile may go out merged. */
  private backlog = false;
  /** A merged run that was refused: its entries are sent again one by one, so only the refused one is lost. */
  private sendAlone = 0;
  private unwritten = 0;
  /** Device writes waiting for their gesture's frame (afterFrame). */
  private frameWaiters: (() => void)[] = [];
  private wakers: (() => void)[] = [];
  private readonly wake = { promise: () => new Promise<void>((resolve) => this.wakers.push(resolve)) };

  constructor(
    private readonly snapId: string,
    private readonly serverIdOf: ServerIdOf,
    private readonly hooks: OutboxHooks,
    private readonly queue: ChangeQueue | null,
    private readonly request?: Request,
  ) {}

  /** Changes not answered yet (the one on its way included). */
  get size(): number {
    return this.entries.length;
  }

  /** A request is on its way: a live event may be its echo. */
  get sending(): boolean {
    return this.inFlight;
  }

  /** The last attempt failed for a reason that can pass: the changes wait for the next one. */
  get waiting(): boolean {
    return this.retrying && this.entries.length > 0;
  }

  /** Changes that could not be written to the device: only they are lost if the page closes now. */
  get notOnDevice(): number {
    return this.unwritten;
  }

  /** The requests not answered yet, oldest first. */
  requests(): readonly WireRequest[] {
    return this.entries.map((entry) => entry.request);
  }

  add(requests: readonly WireRequest[], baseVersion: number | null, coalesceKey?: string): void {
    const now = Date.now();
    for (const request of requests) {
      const last = this.entries.at(-1);
      const merged = coalesceKey && last && last.coalesceKey === coalesceKey && this.unsent(last) ? mergeWireRequests(last.request, request) : null;
      if (merged && last) {
        last.request = merged;
        last.readyAt = now + QUIET_MS;
        last.written = last.written.then((seq) => (seq === false ? false : this.rewrite(last, seq)));
        continue;
      }
      // A change that does not merge goes out after what was typed before it: no quiet moment for those.
      for (const entry of this.entries) entry.readyAt = Math.min(entry.readyAt, now);
      const entry: OutboxEntry = {
        key: newRandomId(),
        request,
        baseVersion,
        coalesceKey,
        readyAt: coalesceKey ? now + QUIET_MS : now,
        written: Promise.resolve(false),
      };
      if (this.queue) {
        entry.written = this.afterFrame()
          .then(() => this.write(entry))
          .then((seq) => (entry.seq = seq));
      } else {
        entry.seq = false;
        this.unwritten += 1;
      }
      this.entries.push(entry);
    }
    this.hooks.onChange();
    this.wakeUp();
    void this.run();
  }

  /** Sends what waits now: no quiet moment, no pause before the next attempt (the page is being left, the network is back). */
  flush(): void {
    for (const entry of this.entries) entry.readyAt = 0;
    this.writeNow();
    this.wakeUp();
  }

  /** Drops the items of these cards from changes not sent yet: a refusal put the cards back as the server has them. */
  forgetCards(ids: ReadonlySet<string>): void {
    for (const entry of this.entries.slice(this.sendingCount || 1)) {
      entry.request = { ...entry.request, update: entry.request.update.filter((item) => !ids.has(item.id)) };
      void entry.written.then((seq) => seq !== false && this.rewrite(entry, seq));
    }
  }

  private unsent(entry: OutboxEntry): boolean {
    return !this.inFlight || this.entries.indexOf(entry) >= this.sendingCount;
  }

  private async write(entry: OutboxEntry): Promise<number | false> {
    try {
      return await this.queue!.add({
        snapId: this.snapId,
        key: entry.key,
        tabId: THIS_TAB_ID,
        request: entry.request,
        baseVersion: entry.baseVersion,
        queuedAt: Date.now(),
      });
    } catch (error) {
      console.error("could not write a change to the device", error);
      this.unwritten += 1;
      return false;
    }
  }

  private async rewrite(entry: OutboxEntry, seq: number): Promise<number | false> {
    try {
      await this.queue?.replace({
        seq,
        snapId: this.snapId,
        key: entry.key,
        tabId: THIS_TAB_ID,
        request: entry.request,
        baseVersion: entry.baseVersion,
        queuedAt: Date.now(),
      });
      return seq;
    } catch {
      return seq;
    }
  }

  /**
   * Resolves once the gesture's frame is drawn: the device write (a transaction, the request's copy)
   * then runs outside the gesture's own task (docs/SAVING.md). Without frames (a hidden page, no
   * `requestAnimationFrame`), soon anyway; flush() (the page hidden or left) writes at once.
   */
  private afterFrame(): Promise<void> {
    if (typeof requestAnimationFrame === "undefined" || typeof document === "undefined" || document.visibilityState === "hidden") return Promise.resolve();
    return new Promise((resolve) => {
      let done = false;
      const release = () => {
        if (done) return;
        done = true;
        this.frameWaiters = this.frameWaiters.filter((waiter) => waiter !== release);
        resolve();
      };
      this.frameWaiters.push(release);
      requestAnimationFrame(() => setTimeout(release, 0));
      // rAF stops when the page is hidden meanwhile.
      setTimeout(release, FRAME_WAIT_MAX_MS);
    });
  }

  private writeNow(): void {
    for (const release of [...this.frameWaiters]) release();
  }

  private wakeUp(): void {
    const wakers = this.wakers;
    this.wakers = [];
    for (const wake of wakers) wake();
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    let drained = false;
    try {
      while (this.entries.length) {
        const head = this.entries[0]!;
        while (head.readyAt > Date.now()) await Promise.race([delay(head.readyAt - Date.now()), this.wake.promise()]);
        // Card updates queued while the server could not be reached go out together (updateRunLength).
        const ready = this.entries.filter((entry, index) => index === 0 || (entry.readyAt <= Date.now() && !entry.coalesceKey));
        const merge = this.backlog && this.sendAlone === 0;
        const run = this.entries.slice(0, merge ? updateRunLength(ready.map((entry) => entry.request)) : 1);
        const seqs = await Promise.all(run.map(async (entry) => entry.seq ?? (await entry.written)));
        const request = toSendable(mergeUpdateRun(run.map((entry) => entry.request)), this.serverIdOf);
        const http = toHttpRequest(this.snapId, request, this.serverIdOf);
        let links: IdLink[] = [];
        if (http) {
          this.inFlight = true;
          this.sendingCount = run.length;
          this.hooks.onChange();
          const result = await sendUntilAnswered(http, {
            idempotencyKey: runKey(head.key, run.length),
            baseVersion: head.baseVersion,
            request: this.request,
            wake: this.wake,
            onRetry: () => {
              this.backlog = true;
              if (this.retrying) return;
              this.retrying = true;
              this.hooks.onChange();
            },
          });
          this.retrying = false;
          this.inFlight = false;
          if (!result.ok && run.length > 1) {
            this.sendAlone = run.length;
            continue;
          }
          links = this.answer({ ...head, request }, result);
        }
        if (this.sendAlone > 0) this.sendAlone -= 1;
        this.entries.splice(0, run.length);
        for (const seq of seqs) {
          if (seq === false) this.unwritten -= 1;
          else await this.queue?.settle(seq, seq === seqs[0] ? links : []).catch((error: unknown) => console.error("could not settle a queued change", error));
        }
        this.hooks.onChange();
      }
      this.backlog = false;
      await this.queue?.forgetLinks(this.snapId).catch(() => undefined);
      drained = true;
    } finally {
      this.running = false;
      this.inFlight = false;
    }
    // A change added while the device was tidied above found the outbox still running, and so did
    // not start it: it is sent now, not left until the next change.
    if (drained && this.entries.length > 0) void this.run();
  }

  private answer(entry: OutboxEntry, result: ApiResult<unknown>): IdLink[] {
    try {
      return this.hooks.onAnswer(entry, result);
    } catch (error) {
      console.error("board save failed unexpectedly", error);
      return [];
    }
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
