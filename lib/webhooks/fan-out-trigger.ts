import "server-only";
import type { Runner } from "graphile-worker";
import { NotificationListener } from "@/lib/live/notification-listener";
import { logger } from "@/lib/log/logger";
import { FANOUT_TASK, JOB_MAX_ATTEMPTS } from "./job-names";
import { WEBHOOK_OUTBOX_CHANNEL } from "@/lib/events/event-config";

/**
 * How often at most this instance queues a fan-out while writes keep coming: the first write after
 * a quiet moment is sent at once, the writes of the next PAUSE_MS go out together as one batch.
 */
const PAUSE_MS = 300;

/**
 * Wakes the fan-out when writes leave events in the webhooks' outbox: on each NOTIFY (sent when
 * the write commits) this instance queues the fan-out job, at most once per PAUSE_MS, under one
 * job key, so the wake-ups of every instance meanwhile are one job (graphile-worker merges a job
 * added again under the key of one not yet taken). A wake-up lost (an instance killed between a
 * commit and its job, the LISTEN connection down) only delays: the fan-out also runs every minute,
 * and once whenever LISTEN is (again) in place. Stopped with the worker.
 */
export function startFanOutTrigger(runner: Runner): { stop(): void } {
  let last = 0;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const queue = () => {
    timer = null;
    if (stopped) return;
    last = Date.now();
    runner.addJob(FANOUT_TASK, {}, { jobKey: FANOUT_TASK, jobKeyMode: "preserve_run_at", maxAttempts: JOB_MAX_ATTEMPTS }).catch((error: unknown) => {
      logger.warn({ component: "job-queue", err: error }, "webhook fan-out not queued; the minute's run will send it");
    });
  };
  const wake = () => {
    if (timer || stopped) return;
    timer = setTimeout(queue, Math.max(0, last + PAUSE_MS - Date.now()));
    timer.unref();
  };
  const listener = new NotificationListener({ channels: [WEBHOOK_OUTBOX_CHANNEL], onNotification: wake, onListening: wake });
  listener.start();
  return {
    // At the worker's shutdown: a wake-up after it would queue on a pool already ended.
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      listener.stop();
    },
  };
}
