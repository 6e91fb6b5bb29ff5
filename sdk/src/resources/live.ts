import type { Context } from "../client.js";
import { followEventStream, type LiveEvent, type LiveOptions } from "../live.js";

/** Live updates of one snap: `ready`, then `change`, `presence`, `reset`; `deleted` or `access-revoked` end it. */
export class Live {
  constructor(private readonly context: Context) {}

  events(snapId: string, options: LiveOptions = {}): AsyncGenerator<LiveEvent> {
    return followEventStream((headers, signal) => this.context.raw(`/api/snaps/${encodeURIComponent(snapId)}/events`, { headers, signal }), options);
  }
}
