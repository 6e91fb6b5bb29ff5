/**
 * `new SnapBoard({ baseUrl, apiKey })`: the SDK's entry point (sdk/README.md). Resource-style
 * methods over the generated operations, with retries, idempotency keys, typed errors,
 * auto-pagination, ETags and the live stream.
 */
import { createClient, createConfig, type Client } from "./generated/client/index.js";
import { IDEMPOTENT_ROUTES } from "./generated/operation-facts.gen.js";
import { errorFromResponse, networkError, SnapBoardError } from "./errors.js";
import { DEFAULT_RETRY_POLICY, isRetryable, retryingFetch, type RetryPolicy } from "./transport.js";
import { Cards } from "./resources/cards.js";
import { Comments } from "./resources/comments.js";
import { Feed } from "./resources/feed.js";
import { Files } from "./resources/files.js";
import { Folders } from "./resources/folders.js";
import { History } from "./resources/history.js";
import { Lines } from "./resources/lines.js";
import { Live } from "./resources/live.js";
import { Notifications } from "./resources/notifications.js";
import { Ranges } from "./resources/range.js";
import { Searches } from "./resources/search.js";
import { Snaps } from "./resources/snaps.js";
import { Webhooks } from "./resources/webhooks.js";

export interface SnapBoardOptions {
  /** Where the service runs, e.g. `https://boards.example.com` (no `/api`). */
  baseUrl: string;
  /** A personal API key (`service_sk_…`). */
  apiKey?: string;
  /** An OAuth access token (`service_at_…`), for apps acting for a person. */
  accessToken?: string;
  /** The fetch to use (default: the runtime's); also how to reach a server with cookies or a proxy. */
  fetch?: typeof fetch;
  /** Retries on 429, 503 and network failures (see transport.ts); `false` turns them off. */
  retry?: Partial<RetryPolicy> | false;
  /** Told of each retry, e.g. to log it. */
  onRetry?: (info: { attempt: number; delayMs: number; status?: number; error?: unknown; request: Request }) => void;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
}

/** What each resource needs: the generated operations' client, and a raw fetch for streams. */
export interface Context {
  client: Client;
  /** A request to `path` with the credential and the client's fetch, outside the generated operations (streams). */
  raw(path: string, init: RequestInit): Promise<Response>;
}

/** Makes every POST safe to retry: a fresh key unless the caller gave one. */
function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

export class SnapBoard {
  readonly snaps: Snaps;
  readonly cards: Cards;
  readonly lines: Lines;
  readonly folders: Folders;
  readonly comments: Comments;
  readonly webhooks: Webhooks;
  readonly history: History;
  /** The event feed (`GET /api/events`): every change you can read, with a cursor. */
  readonly events: Feed;
  readonly notifications: Notifications;
  readonly search: Searches;
  /** Files uploaded to snaps: images for image cards, attachments. */
  readonly files: Files;
  /** A snap's cards as a table of titles: read and write ranges of cells. */
  readonly range: Ranges;
  /** Live updates of one snap (Server-Sent Events). */
  readonly live: Live;
  /**
   * The generated client: pass it as `client` to any function of `@snapboard/sdk/api` (one per
   * operation of the API) to call what the resources above do not cover, with the same
   * credential, retries and typed errors.
   */
  readonly api: Client;

  constructor(options: SnapBoardOptions) {
    if (!options.baseUrl) throw new TypeError("SnapBoard: baseUrl is required");
    const credential = options.apiKey ?? options.accessToken;
    const baseUrl = options.baseUrl.replace(/\/+$/, "");
    const policy = options.retry === false ? false : { ...DEFAULT_RETRY_POLICY, ...options.retry };
    const userFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    // Requests the interceptor below saw as POSTs of an operation that honours Idempotency-Key.
    const idempotentPosts = new WeakSet<Request>();
    const transport = retryingFetch({
      fetch: (request) => userFetch(request),
      policy,
      retryable: (request) => isRetryable(request, idempotentPosts.has(request)),
      onRetry: options.onRetry,
    });

    this.api = createClient(
      createConfig({
        baseUrl,
        fetch: transport as typeof fetch,
        throwOnError: true,
        headers: { ...options.headers, ...(credential ? { Authorization: `Bearer ${credential}` } : {}) },
      }),
    );
    this.api.interceptors.request.use((request, requestOptions) => {
      if (request.method !== "POST") return request;
      if (!request.headers.has("Idempotency-Key")) request.headers.set("Idempotency-Key", newIdempotencyKey());
      if (IDEMPOTENT_ROUTES.has(`POST ${requestOptions.url}`)) idempotentPosts.add(request);
      return request;
    });
    this.api.interceptors.error.use((error, response) => {
      if (error instanceof SnapBoardError) return error;
      return response ? errorFromResponse(response, error) : networkError(error);
    });

    const context: Context = {
      client: this.api,
      raw: (path, init) => {
        const headers = new Headers(options.headers);
        new Headers(init.headers).forEach((value, name) => headers.set(name, value));
        if (credential) headers.set("Authorization", `Bearer ${credential}`);
        return transport(new Request(`${baseUrl}${path}`, { ...init, headers }));
      },
    };
    this.snaps = new Snaps(context);
    this.cards = new Cards(context);
    this.lines = new Lines(context);
    this.folders = new Folders(context);
    this.comments = new Comments(context);
    this.webhooks = new Webhooks(context);
    this.history = new History(context);
    this.events = new Feed(context);
    this.notifications = new Notifications(context);
    this.search = new Searches(context);
    this.range = new Ranges(context);
    this.files = new Files(context);
    this.live = new Live(context);
  }
}
