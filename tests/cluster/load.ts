/**
 * A steady mix of requests through the balancer, paced (each loop one request at a time, started on
 * a fixed schedule): 70 % reads of a snap, 20 % single-card creates, 10 % batches of 100 cards. Every
 * write carries an Idempotency-Key and titles of its own; a write that fails is sent again with the
 * same key until it succeeds (what a client does), so that afterwards each must be in the database
 * exactly once. A batch that failed is first checked to be all there or not at all.
 */
import { randomUUID } from "node:crypto";
import type pg from "pg";
import { call, type User } from "./http";

export interface LoadUser {
  user: User;
  readSnapId: string;
  writeSnapId: string;
}

interface Write {
  kind: "single" | "batch";
  titles: string[];
  acknowledged: boolean;
}

const MIX = ["read", "read", "single", "read", "read", "batch", "read", "single", "read", "read"] as const;
export const BATCH_SIZE = 100;

export class Load {
  sent = 0;
  failed = 0;
  readonly failures: string[] = [];
  readonly writes: Write[] = [];
  partialBatches = 0;
  private running = false;
  private loops: Promise<void>[] = [];

  constructor(
    private readonly base: string,
    private readonly users: LoadUser[],
    private readonly ratePerSecond: number,
    private readonly direct: pg.Pool,
  ) {}

  /** Counts of this phase only: returns and resets them. */
  takeCounts(): { sent: number; failed: number; failures: string[] } {
    const counts = { sent: this.sent, failed: this.failed, failures: this.failures.splice(0) };
    this.sent = 0;
    this.failed = 0;
    return counts;
  }

  /** Starts the loops; `live` also gets a card retitled every `liveIntervalMs` (the live stream's changes). */
  start(live?: { key: string; cardId: string; intervalMs: number }): void {
    this.running = true;
    const intervalMs = (1000 * this.users.length) / this.ratePerSecond;
    this.loops = this.users.map((user, index) => this.loop(user, index, intervalMs));
    if (live) this.loops.push(this.liveLoop(live.key, live.cardId, live.intervalMs));
  }

  private async liveLoop(key: string, cardId: string, intervalMs: number): Promise<void> {
    let n = 0;
    let next = Date.now();
    while (this.running) {
      const delay = next - Date.now();
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay)); // the load's pace
      next += intervalMs;
      const title = `live-${n++}`;
      await this.send(
        `PATCH /api/snaps/cards/${cardId}`,
        async () => (await call(this.base, "PATCH", `/api/snaps/cards/${cardId}`, { key, body: { title } })).status,
      );
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  private async loop(loadUser: LoadUser, index: number, intervalMs: number): Promise<void> {
    let step = index; // the loops start at different places in the mix
    let singles = 0;
    let batches = 0;
    let next = Date.now() + (intervalMs * index) / this.users.length;
    while (this.running) {
      const delay = next - Date.now();
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay)); // the load's pace, not a wait for state
      next += intervalMs;
      const kind = MIX[step++ % MIX.length]!;
      if (kind === "read") await this.read(loadUser);
      else if (kind === "single") await this.write(loadUser, "single", singles++);
      else await this.write(loadUser, "batch", batches++);
    }
  }

  private readonly sentWaiters = new Set<() => void>();

  /** Resolves once `count` more requests than now were answered (or failed). */
  waitForMore(count: number): Promise<void> {
    const target = this.answered + count;
    return new Promise((resolve) => {
      const check = () => {
        if (this.answered < target) return;
        this.sentWaiters.delete(check);
        resolve();
      };
      this.sentWaiters.add(check);
    });
  }

  private answered = 0;

  private async send(what: string, run: () => Promise<number>): Promise<boolean> {
    try {
      return await this.sendOnce(what, run);
    } finally {
      this.answered += 1;
      for (const waiter of this.sentWaiters) waiter();
    }
  }

  private async sendOnce(what: string, run: () => Promise<number>): Promise<boolean> {
    this.sent += 1;
    try {
      const status = await run();
      if (status < 400) return true;
      this.failed += 1;
      this.failures.push(`${what}: HTTP ${status}`);
    } catch (error) {
      this.failed += 1;
      this.failures.push(`${what}: ${(error as Error).cause ?? (error as Error).message}`);
    }
    return false;
  }

  private async read({ user, readSnapId }: LoadUser): Promise<void> {
    await this.send(`GET /api/snaps/${readSnapId}`, async () => (await call(this.base, "GET", `/api/snaps/${readSnapId}`, { key: user.key })).status);
  }

  private async write({ user, writeSnapId }: LoadUser, kind: "single" | "batch", n: number): Promise<void> {
    const tag = `${kind}-${user.id.slice(-6)}-${n}`;
    const idempotencyKey = randomUUID();
    let path: string;
    let body: unknown;
    let titles: string[];
    if (kind === "single") {
      titles = [tag];
      path = `/api/snaps/cards/${writeSnapId}`;
      body = { row: Math.floor(n / 900), col: 100 + (n % 900), title: tag };
    } else {
      titles = Array.from({ length: BATCH_SIZE }, (_, i) => `${tag}-${i}`);
      path = "/api/snaps/cards/batch";
      body = { cards: titles.map((title, col) => ({ snapId: writeSnapId, row: n % 1000, col, title })) };
    }
    const write: Write = { kind, titles, acknowledged: false };
    this.writes.push(write);
    for (let attempt = 1; ; attempt++) {
      const ok = await this.send(`POST ${path} (${tag}, attempt ${attempt})`, async () => {
        const answer = await call(this.base, "POST", path, { key: user.key, body, headers: { "idempotency-key": idempotencyKey } });
        return answer.status === 201 ? 200 : answer.status;
      });
      if (ok) break;
      if (kind === "batch") await this.checkAllOrNothing(writeSnapId, tag);
    }
    write.acknowledged = true;
  }

  /** A batch whose request failed is in the database whole or not at all. */
  private async checkAllOrNothing(snapId: string, tag: string): Promise<void> {
    const { rows } = await this.direct.query<{ count: number }>(`SELECT count(*)::int AS count FROM "Card" WHERE "snapId" = $1 AND title LIKE $2`, [
      snapId,
      `${tag}-%`,
    ]);
    if (rows[0]!.count !== 0 && rows[0]!.count !== BATCH_SIZE) this.partialBatches += 1;
  }

  /** Titles in the database that are not exactly once, and writes not found. */
  async checkWrites(): Promise<{ checked: number; missing: number; duplicated: number; unexpected: number }> {
    const { rows } = await this.direct.query<{ title: string; count: number }>(
      `SELECT title, count(*)::int AS count FROM "Card" WHERE "snapId" = ANY($1::text[]) AND title <> '' GROUP BY title`,
      [this.users.map((user) => user.writeSnapId)],
    );
    const found = new Map(rows.map((row) => [row.title, row.count]));
    let checked = 0;
    let missing = 0;
    let duplicated = 0;
    for (const write of this.writes) {
      if (!write.acknowledged) continue;
      checked += 1;
      for (const title of write.titles) {
        const count = found.get(title) ?? 0;
        if (count === 0) missing += 1;
        if (count > 1) duplicated += 1;
        found.delete(title);
      }
    }
    return { checked, missing, duplicated, unexpected: found.size };
  }
}
