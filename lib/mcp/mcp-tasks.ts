import "server-only";
import { randomBytes } from "node:crypto";
import type { CallToolResult } from "@modelcontextprotocol/server";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { ApiError } from "@/lib/errors/api-error";
import { keepLargeBodyTurn } from "@/lib/http/large-body-gate";
import { logger } from "@/lib/log/logger";

/** How long a task and its result are kept, from its start (docs/API.md, "MCP"). */
export const TASK_TTL_MS = 60 * 60 * 1000;
/** What a client is told to wait between two tasks/get. */
export const TASK_POLL_MS = 500;
/** A task still `working` this long after its last update lost its instance (a restart): it is reported failed. */
const TASK_STALE_MS = 10 * 60 * 1000;

export type TaskStatus = "working" | "completed" | "failed";

export interface McpTaskView {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttlMs: number;
  pollIntervalMs: number;
  result?: CallToolResult;
}

/** The credential a task belongs to: another key or app of the same person does not read it. */
export function credentialOf(principal: Principal): string {
  if (principal.oauth) return `grant:${principal.oauth.grantId}`;
  if (principal.apiKeyId) return `key:${principal.apiKeyId}`;
  return `user:${principal.userId}`;
}

/** Tasks of one user whose work may run at once on one instance (docs/API.md, "MCP"). */
export const MAX_RUNNING_TASKS_PER_USER = 4;
const runningTasks = new Map<string, number>();

/**
 * Starts a tool call as a task: the row first (so tasks/get on any instance finds it), then the
 * work on this instance, whose result (a tool error included) lands in the row. The work keeps the
 * request's large-body turn until it ends (lib/http/large-body-gate.ts), so a task's memory stays
 * within the gate's bound; past MAX_RUNNING_TASKS_PER_USER, 429 and no task.
 */
export async function startTask(principal: Principal, tool: string, work: () => Promise<CallToolResult>): Promise<McpTaskView> {
  const running = runningTasks.get(principal.userId) ?? 0;
  if (running >= MAX_RUNNING_TASKS_PER_USER) {
    throw new ApiError(
      "RATE_LIMITED",
      `At most ${MAX_RUNNING_TASKS_PER_USER} of your tool calls run as tasks at once; wait for one to end (tasks/get) and call again`,
      undefined,
      { "Retry-After": "2" },
    );
  }
  runningTasks.set(principal.userId, running + 1);
  const endWork = keepLargeBodyTurn();
  const ended = () => {
    endWork();
    const left = (runningTasks.get(principal.userId) ?? 1) - 1;
    if (left > 0) runningTasks.set(principal.userId, left);
    else runningTasks.delete(principal.userId);
  };
  try {
    const row = await insertTaskRow(principal, tool);
    void work()
      .then((result) => db.mcpTask.update({ where: { id: row.id }, data: { status: "completed", result: result as Prisma.InputJsonValue } }))
      .catch((error: unknown) => logger.error({ err: error, tool }, "mcp: task failed to record its result"))
      .finally(ended);
    return toView(row);
  } catch (error) {
    ended();
    throw error;
  }
}

async function insertTaskRow(principal: Principal, tool: string) {
  const now = Date.now();
  // Expired tasks go as new ones come: one indexed delete, no sweeper to run.
  await db.mcpTask.deleteMany({ where: { expiresAt: { lt: new Date(now) } } });
  return db.mcpTask.create({
    data: {
      id: randomBytes(16).toString("base64url"),
      userId: principal.userId,
      owner: credentialOf(principal),
      tool,
      status: "working",
      expiresAt: new Date(now + TASK_TTL_MS),
    },
  });
}

/** The task, for the credential that started it only; null when unknown, expired or someone else's. */
export async function readTask(principal: Principal, taskId: string): Promise<McpTaskView | null> {
  const row = await db.mcpTask.findFirst({ where: { id: taskId, owner: credentialOf(principal), userId: principal.userId, expiresAt: { gt: new Date() } } });
  return row ? toView(row) : null;
}

interface TaskRow {
  id: string;
  status: string;
  result: Prisma.JsonValue;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
}

function toView(row: TaskRow): McpTaskView {
  const stale = row.status === "working" && Date.now() - row.updatedAt.getTime() > TASK_STALE_MS;
  const status = stale ? "failed" : (row.status as TaskStatus);
  return {
    taskId: row.id,
    status,
    ...(stale ? { statusMessage: "The server running this task stopped; call the tool again." } : {}),
    createdAt: row.createdAt.toISOString(),
    lastUpdatedAt: row.updatedAt.toISOString(),
    ttlMs: TASK_TTL_MS,
    pollIntervalMs: TASK_POLL_MS,
    ...(row.result ? { result: row.result as unknown as CallToolResult } : {}),
  };
}
