import "server-only";
import { z } from "zod";

/**
 * Every environment variable the app, the launcher and the job worker read, in one place: each
 * parsed and checked with zod, with its default and documentation. docs/CONFIGURATION.md is
 * written from these declarations (`npm run docs:config`; tests/unit/config.test.ts fails when it differs). Nothing else reads process.env
 * (`npm run lint` refuses it outside this file, scripts, tests, benches and config files).
 */

/** Unset or blank: the default. */
const isBlank = (raw: string | undefined): raw is undefined => raw === undefined || raw.trim() === "";

function wholeNumber(min: number, max: number, fallback: number) {
  return z
    .string()
    .optional()
    .transform((raw, context) => {
      if (isBlank(raw)) return fallback;
      const value = Number(raw.trim());
      if (Number.isInteger(value) && value >= min && value <= max) return value;
      context.addIssue({ code: "custom", message: `expects a whole number from ${min} to ${max}, got "${raw}"` });
      return z.NEVER;
    })
    .meta({ default: String(fallback) });
}

function flag(fallback: boolean) {
  return z
    .string()
    .optional()
    .transform((raw, context) => {
      if (isBlank(raw)) return fallback;
      const value = raw.trim().toLowerCase();
      if (value === "true" || value === "false") return value === "true";
      context.addIssue({ code: "custom", message: `expects true or false, got "${raw}"` });
      return z.NEVER;
    })
    .meta({ default: String(fallback) });
}

/** true or false, or unset: undefined (the setting then follows another). */
function optionalFlag() {
  return z
    .string()
    .optional()
    .transform((raw, context): boolean | undefined => {
      if (isBlank(raw)) return undefined;
      const value = raw.trim().toLowerCase();
      if (value === "true" || value === "false") return value === "true";
      context.addIssue({ code: "custom", message: `expects true or false, got "${raw}"` });
      return z.NEVER;
    })
    .meta({ default: undefined });
}

/** Text with a default, or (without one) unset: undefined. */
function text(fallback?: string) {
  return z
    .string()
    .optional()
    .transform((raw) => (isBlank(raw) ? fallback : raw.trim()))
    .meta({ default: fallback });
}

/** The raw value, untrimmed (a secret may hold any characters). */
function secret() {
  return z
    .string()
    .optional()
    .transform((raw) => (raw === undefined || raw === "" ? undefined : raw))
    .meta({ default: undefined });
}

function oneOf<const Values extends readonly [string, ...string[]]>(values: Values, fallback: Values[number]) {
  return z
    .string()
    .optional()
    .transform((raw, context): Values[number] => {
      if (isBlank(raw)) return fallback;
      const value = raw.trim();
      if ((values as readonly string[]).includes(value)) return value as Values[number];
      context.addIssue({ code: "custom", message: `expects one of ${values.join(", ")}, got "${raw}"` });
      return z.NEVER;
    })
    .meta({ default: fallback });
}

/** An http(s) URL, or unset: undefined. */
function httpUrl() {
  return z
    .string()
    .optional()
    .transform((raw, context) => {
      if (isBlank(raw)) return undefined;
      const value = raw.trim();
      if (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)) return value;
      context.addIssue({ code: "custom", message: `expects an http(s) URL such as https://snaps.example.com, got "${raw}"` });
      return z.NEVER;
    })
    .meta({ default: undefined });
}

/** Standard Webhooks' retry schedule, in seconds after the failed attempt. */
const DEFAULT_RETRY_DELAYS = "5,300,1800,7200,18000,36000,36000";

/** Comma-separated seconds; "" (set but empty) means no retry. */
function secondsList(fallback: string) {
  return z
    .string()
    .optional()
    .transform((raw, context) => {
      const value = raw ?? fallback;
      if (value.trim() === "") return [];
      const seconds = value.split(",").map((part) => Number(part.trim()));
      if (seconds.every((delay) => Number.isFinite(delay) && delay >= 0)) return seconds;
      context.addIssue({ code: "custom", message: `expects comma-separated seconds (or nothing: no retry), got "${raw}"` });
      return z.NEVER;
    })
    .meta({ default: fallback });
}

/** A limit a deployment may raise as far as it likes; 0 turns it off. */
const limit = (fallback: number) => wholeNumber(0, Number.MAX_SAFE_INTEGER, fallback);
const days = (fallback: number, min = 1) => wholeNumber(min, 36_500, fallback);

/** Unset: files on disk; `s3://bucket/prefix`: that bucket of S3-compatible storage (lib/files/file-storage.ts). */
function fileStorageLocation() {
  return z
    .string()
    .optional()
    .transform((raw, context) => {
      if (isBlank(raw)) return undefined;
      const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(raw.trim());
      if (match) return { bucket: match[1]!, prefix: (match[2] ?? "").replace(/^\/+|\/+$/g, "") };
      context.addIssue({ code: "custom", message: `expects s3://bucket or s3://bucket/prefix (unset: files on disk), got "${raw}"` });
      return z.NEVER;
    })
    .meta({ default: undefined });
}

/** What docs/CONFIGURATION.md says of a variable; `unset`: what leaving it unset means, when it has no default. */
interface VariableDoc {
  description: string;
  unset?: string;
}

/** A declaration with its documentation, kept beside it so that the reference cannot drift from it. */
function documented<Schema extends z.ZodType>(schema: Schema, doc: VariableDoc): Schema {
  return schema.meta({ ...schema.meta(), ...doc });
}

const configSchema = z.object({
  DATABASE_URL: documented(secret(), {
    unset: "embedded PostgreSQL in `data/postgres`",
    description: "A PostgreSQL connection string, e.g. `postgres://user:pass@db:5432/snaps`.",
  }),
  /** PostgreSQL itself when DATABASE_URL is a pooler in transaction mode (lib/db/direct-database-url.ts). */
  DATABASE_DIRECT_URL: documented(secret(), {
    unset: "`DATABASE_URL`",
    description:
      "PostgreSQL itself, for what needs a session (LISTEN/NOTIFY, the job queue, the migrations' lock) when `DATABASE_URL` is a pooler in transaction mode ([Behind PgBouncer](OPERATIONS.md#behind-pgbouncer)).",
  }),
  /** auto: named unless DATABASE_DIRECT_URL names another server (lib/db/prepared-statements-enabled.ts). */
  DATABASE_PREPARED_STATEMENTS: documented(oneOf(["auto", "true", "false"], "auto"), {
    description:
      "Named prepared statements for the hot reads on `DATABASE_URL` (`true`/`false`); `auto`: off when `DATABASE_DIRECT_URL` names another server (PgBouncer < 1.21).",
  }),
  DATABASE_POOL_SIZE: documented(wholeNumber(1, 1_000, 10), { description: "Connections per app instance." }),
  AUTH_SECRET: documented(secret(), {
    unset: "generated once into `data/auth-secret`",
    description: "Encrypts session cookies. Set the same value on every instance.",
  }),
  /** The app's public URL: Auth.js reads it itself; the CSRF check compares Origin with it. */
  AUTH_URL: documented(httpUrl(), {
    unset: "each request's own origin (`Host`)",
    description:
      "The app's public URL (`https://snaps.example.com`): Auth.js builds its redirect URIs from it, the CSRF check compares a request's `Origin` with it (`X-Forwarded-Host` is never trusted for that), and it is the OAuth issuer with the resources `{AUTH_URL}/api` and `{AUTH_URL}/api/mcp`. Set it behind a proxy.",
  }),
  PORT: documented(wholeNumber(1, 65_535, 3000), { description: "The HTTP port." }),
  HOSTNAME: documented(text(), { unset: "every interface", description: "The interface to listen on." }),
  /** After a SIGTERM, how long health answers "draining" while requests are still served (lib/http/graceful-shutdown.ts). */
  SHUTDOWN_DRAIN_SECONDS: documented(wholeNumber(0, 600, 5), {
    description:
      "After a SIGTERM, `/api/health` answers 503 `draining` this long while requests are still served ([Stopping and restarting](OPERATIONS.md#stopping-and-restarting)).",
  }),
  SNAP_DATA_DIR: documented(text("data"), { description: "Where the embedded database and the generated secret live." }),
  SNAP_DETAIL_CACHE_MB: documented(wholeNumber(0, 4_096, 16), {
    description:
      "Memory per instance for cached `GET /api/snaps/:id` bodies (each checked against the database's current version on every request); `0` turns it off.",
  }),
  FILE_STORAGE: documented(fileStorageLocation(), {
    unset: "on disk in `$SNAP_DATA_DIR/files`",
    description:
      "Where uploaded files are kept: `s3://bucket/prefix` for S3-compatible storage (AWS S3, MinIO, Cloudflare R2, Ceph RGW). Several instances need it ([Scaling](SCALING.md)).",
  }),
  S3_ENDPOINT: documented(httpUrl(), { unset: "AWS", description: "The S3 service's URL (MinIO, R2, Ceph)." }),
  S3_REGION: documented(text("us-east-1"), { description: "The S3 region." }),
  S3_ACCESS_KEY_ID: documented(secret(), { unset: "the SDK's own lookup (environment, instance role)", description: "S3 access key id." }),
  S3_SECRET_ACCESS_KEY: documented(secret(), { unset: "the SDK's own lookup", description: "S3 secret access key; never logged." }),
  S3_FORCE_PATH_STYLE: documented(flag(false), { description: "`true`: path-style addresses (`endpoint/bucket/key`), which MinIO, Ceph and s3rver need." }),
  FILE_MAX_BYTES: documented(wholeNumber(1, 2_000_000_000, 25_000_000), {
    description: "Bytes one uploaded file may have; past it, 413 ([Files](API.md#files)).",
  }),
  FILE_WORKSPACE_QUOTA_BYTES: documented(limit(1_000_000_000), {
    description: "Bytes of files a workspace may hold (the files of its snaps); past it, 413 naming what is used. `0` turns it off.",
  }),
  FILE_MAX_IMAGE_PIXELS: documented(wholeNumber(1, 1_000_000_000, 50_000_000), {
    description: "Pixels (width × height) an uploaded image may decode to; past it, 413 before any decoding (a decompression bomb).",
  }),
  IMPORT_MAX_IMAGE_PIXELS: documented(wholeNumber(1, 1_000_000_000_000, 1_000_000_000), {
    description:
      "Pixels the images of one imported `.snap.zip` may decode to in all; past it, 413 naming the bound, before the image that would pass it is decoded ([Export and import](EXPORT-IMPORT.md#files)).",
  }),
  CARD_MAX_ATTACHMENTS: documented(wholeNumber(1, 100, 20), {
    description: "Files one card may carry as attachments (at most 100); past it, 400 naming the limit ([Cards](API.md#cards)).",
  }),
  FILE_ORPHAN_GRACE_HOURS: documented(wholeNumber(0, 8_760, 24), {
    description: "A file no card and no kept history version refers to is deleted by the hourly sweep this long after its upload.",
  }),
  REDIS_URL: documented(secret(), {
    unset: "counters in PostgreSQL",
    description: "Rate-limit counters in this Redis (`redis://host:6379`) instead of the database's unlogged table `RateLimitCounter`.",
  }),
  RATE_LIMIT_REDIS_PREFIX: documented(text("snap:rate:"), { description: "Prefix of the rate limits' Redis keys." }),
  RATE_LIMIT_REQUESTS_PER_MINUTE: documented(limit(1200), {
    description: "Requests per API key (per user for a browser session) per minute. `0` turns it off.",
  }),
  RATE_LIMIT_SYNC_INTERVAL_MS: documented(limit(250), {
    description: "How often an instance sends its local request counts to the shared counters ([Rate limits](API.md#rate-limits)).",
  }),
  RATE_LIMIT_SYNC_EVERY_HITS: documented(wholeNumber(1, Number.MAX_SAFE_INTEGER, 50), {
    description: "After this many requests an instance sends its counts at once, without waiting for the interval.",
  }),
  RATE_LIMIT_FAILED_AUTH_PER_IP: documented(limit(30), {
    description: "Failed API-key authentications per client address per `RATE_LIMIT_FAILED_AUTH_WINDOW_SECONDS`.",
  }),
  RATE_LIMIT_FAILED_AUTH_PER_KEY_PREFIX: documented(limit(10), {
    description: "Failed API-key authentications per key prefix (its first 20 characters) per `RATE_LIMIT_FAILED_AUTH_WINDOW_SECONDS`.",
  }),
  RATE_LIMIT_FAILED_AUTH_WINDOW_SECONDS: documented(limit(900), { description: "The window of the failed-authentication limits." }),
  RATE_LIMIT_SIGN_IN_PER_IP: documented(limit(30), { description: "Failed sign-ins per client address per `RATE_LIMIT_SIGN_IN_WINDOW_SECONDS`." }),
  RATE_LIMIT_SIGN_IN_PER_EMAIL: documented(limit(10), { description: "Failed sign-ins per email per `RATE_LIMIT_SIGN_IN_WINDOW_SECONDS`." }),
  RATE_LIMIT_SIGN_UP_PER_IP: documented(limit(20), { description: "Sign-up attempts per client address per `RATE_LIMIT_SIGN_IN_WINDOW_SECONDS`." }),
  RATE_LIMIT_SIGN_UP_PER_EMAIL: documented(limit(5), { description: "Sign-up attempts per email per `RATE_LIMIT_SIGN_IN_WINDOW_SECONDS`." }),
  RATE_LIMIT_SIGN_IN_WINDOW_SECONDS: documented(limit(900), { description: "The window of the sign-in and sign-up limits." }),
  RATE_LIMIT_OAUTH_REGISTRATIONS_PER_IP: documented(limit(20), {
    description: "OAuth client registrations and client ID metadata documents fetched, per client address per hour (429 past it).",
  }),
  RATE_LIMIT_OAUTH_TOKENS_PER_IP: documented(limit(60), {
    description: "OAuth token requests (code exchanges and refreshes) per client address per minute (429 past it).",
  }),
  TRUSTED_PROXY_HOPS: documented(wholeNumber(0, 10, 0), {
    description:
      "`0`: the client address is the socket's and `X-Forwarded-For` is ignored. Behind N reverse proxies that append to `X-Forwarded-For`, set N: the entry N from the right is the client ([Rate limits](API.md#rate-limits)).",
  }),
  WEBHOOK_RETRY_DELAYS: documented(secondsList(DEFAULT_RETRY_DELAYS), {
    description: "Seconds between a webhook delivery's attempts (Standard Webhooks' schedule); after the last, the delivery is `failed`. Empty: no retry.",
  }),
  OUTBOUND_ALLOW_PRIVATE_URLS: documented(flag(false), {
    description:
      "`true` lets the server's outbound requests (webhooks, OAuth client ID metadata documents) reach loopback, private and link-local addresses, and fetch metadata documents over http: for tests only.",
  }),
  WEBHOOK_ALLOW_PRIVATE_URLS: documented(flag(false), {
    description: "The older name of `OUTBOUND_ALLOW_PRIVATE_URLS` (either one set to `true` opens both).",
  }),
  WEBHOOK_CONCURRENCY: documented(wholeNumber(1, 64, 8), { description: "Webhook deliveries one instance sends at once." }),
  JOB_WORKER: documented(oneOf(["process", "app", "off"], "process"), {
    description:
      "Where `npm start` runs the job worker (webhook deliveries, emails, pruning): `process` beside the app at a lower CPU priority, `app` inside the app (about 110 MB less memory; for installs without webhooks), `off` none. A plain `next start` runs it inside the app.",
  }),
  EVENT_RETENTION_DAYS: documented(days(30), { description: "How long the event feed (and the webhook delivery log) keeps events." }),
  HISTORY_RETENTION_DAYS: documented(days(90, 0), {
    description:
      "Snap versions kept for history and restore: every version of this many days, and always at least each snap's last 100 ([History and restore](API.md#history-and-restore)).",
  }),
  AUDIT_RETENTION_DAYS: documented(days(180), {
    description: "How long workspace audit log entries are kept ([Audit log](API.md#audit-log)).",
  }),
  /** Passwords' bcrypt cost; API keys take one less (lib/users/passwords.ts). Tests lower it. */
  BCRYPT_COST: documented(wholeNumber(4, 15, 11), {
    description:
      "bcrypt's cost for passwords (4–15); API keys take one less. Each step doubles the work of a sign-up, a sign-in and a key's first use; existing hashes keep their own cost. The test suites set 4; a deployment keeps the default or raises it.",
  }),
  LOG_LEVEL: documented(oneOf(["trace", "debug", "info", "warn", "error", "fatal", "silent"], "info"), {
    description: "`debug`, `info`, `warn`, `error`: JSON log lines on stdout ([Logs](OPERATIONS.md#logs)).",
  }),
  METRICS_TOKEN: documented(secret(), {
    unset: "`GET /metrics` answers 404",
    description: "Turns on `GET /metrics` for scrapers presenting `Authorization: Bearer <METRICS_TOKEN>` ([Metrics](OPERATIONS.md#metrics)).",
  }),
  OIDC_ISSUER: documented(text(), {
    unset: "no single sign-on",
    description:
      "Single sign-on with this OpenID Connect provider, with `OIDC_CLIENT_ID` and `OIDC_CLIENT_SECRET` ([Single sign-on](OPERATIONS.md#single-sign-on)).",
  }),
  OIDC_CLIENT_ID: documented(text(), { unset: "no single sign-on", description: "The app's client id at the provider." }),
  OIDC_CLIENT_SECRET: documented(secret(), { unset: "no single sign-on", description: "The app's client secret at the provider." }),
  OIDC_NAME: documented(text("Single sign-on"), { description: 'The sign-in button says "Continue with ‹OIDC_NAME›".' }),
  OIDC_ALLOW_SIGNUP: documented(flag(true), {
    description:
      "`false`: a first single sign-on by someone without an account is refused (existing accounts still link), and so is password sign-up unless `PASSWORD_SIGNUP=true`.",
  }),
  PASSWORD_SIGNIN: documented(flag(true), {
    description: "`false` hides the password form and refuses password sign-ins and sign-ups (single sign-on only).",
  }),
  /** Unset: password sign-up follows OIDC_ALLOW_SIGNUP (lib/auth/oidc/oidc-config.ts). */
  PASSWORD_SIGNUP: documented(optionalFlag(), {
    unset: "follows `OIDC_ALLOW_SIGNUP`",
    description: "`true` keeps password sign-up open with `OIDC_ALLOW_SIGNUP=false`; `false` closes it. `PASSWORD_SIGNIN=false` closes it whatever this says.",
  }),
  LIVE_MAX_STREAMS_PER_USER: documented(wholeNumber(1, 10_000, 20), {
    description:
      "Open event streams of every kind (`GET /api/snaps/:id/events`, `GET /api/notifications/stream`, MCP's `GET /api/mcp` and `subscriptions/listen`) one user may hold on one instance; past it, 429 with `Retry-After`.",
  }),
  LARGE_BODIES_IN_FLIGHT: documented(wholeNumber(1, 1_000, 2), {
    description:
      "Requests with a body over 256 KB (a many-card change, a batch, an import, an MCP call) one instance works on at once; the rest wait their turn, unread ([Large bodies](SECURITY.md#large-bodies)).",
  }),
  LARGE_BODIES_WAITING: documented(wholeNumber(0, 10_000, 16), {
    description:
      "Such requests that may wait for a turn on one instance, at most 4 of them one user's; past either, or after 30 s of waiting, 503 with `Retry-After`.",
  }),
  LARGE_BODIES_PER_USER: documented(wholeNumber(1, 1_000, 1), {
    description:
      "Of those turns, how many one user holds at once (their MCP tasks included, until each ends): one user's requests never hold them all ([Large bodies](SECURITY.md#large-bodies)).",
  }),
  LARGE_BODY_MIN_BYTES_PER_SECOND: documented(wholeNumber(1, 1_000_000_000, 16_384), {
    description:
      "The slowest a large body may arrive once its turn has begun: after 10 s, a body averaging less is dropped, 408 `REQUEST_TIMEOUT` with `Connection: close`, and its turn goes to the next in line.",
  }),
  /** Notification email (lib/email/email-config.ts): both set, or no email. */
  SMTP_URL: documented(secret(), {
    unset: "no email",
    description:
      "Notification emails through this SMTP server (`smtp://user:pass@host:587`, STARTTLS when offered, or `smtps://…`), from `MAIL_FROM`; both needed ([Comments and notifications](API.md#comments-and-notifications)).",
  }),
  MAIL_FROM: documented(text(), { unset: "no email", description: "The notification emails' sender (`Snap Board <notify@example.com>`)." }),
  /** Set by `npm start` (the heap cap, scripts/server-node-options.ts); Node reads it. */
  NODE_OPTIONS: documented(text(), {
    unset: "`npm start` sets `--max-old-space-size=256`",
    description: 'Node flags of the app server; a `--max-old-space-size` of your own replaces the default heap cap (docs/PERFORMANCE.md, "Design decisions").',
  }),
  /** Tests only: PNG renders hold until this file exists (lib/transfer/png-render-worker-source.ts). */
  PNG_RENDER_TEST_GATE: documented(text(), {
    description:
      "Tests only: a file path; each PNG render waits until that file exists, so a test sees the render queue full without timing. Never set in a deployment.",
  }),
});

export type Config = z.output<typeof configSchema>;
export type ConfigVariable = keyof Config;

/** Set by Node, Next.js or the build, never by an operator: read here, not in docs/CONFIGURATION.md. */
export const FRAMEWORK_VARIABLES = ["NODE_ENV", "NEXT_RUNTIME", "NEXT_DIST_DIR", "NEXT_MANUAL_SIG_HANDLE"] as const;

/** One variable as docs/CONFIGURATION.md shows it (default undefined: unset by default). */
export interface ConfigVariableReference extends VariableDoc {
  name: ConfigVariable;
  default: string | undefined;
}

/** Every variable in declaration order, with its default and documentation: the source of docs/CONFIGURATION.md. */
export const CONFIG_REFERENCE: readonly ConfigVariableReference[] = Object.entries(configSchema.shape).map(([name, schema]) => {
  const meta = schema.meta() as (VariableDoc & { default?: string }) | undefined;
  return { name: name as ConfigVariable, default: meta?.default, description: meta?.description ?? "", unset: meta?.unset };
});

/** The variables and their defaults (undefined: unset by default). */
export const CONFIG_DEFAULTS: Readonly<Record<ConfigVariable, string | undefined>> = Object.fromEntries(
  CONFIG_REFERENCE.map((variable) => [variable.name, variable.default]),
) as Record<ConfigVariable, string | undefined>;

/** A variable with a value it does not accept: the message names it and what it accepts. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/** The configuration of `env`: every variable checked, each problem named. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
  throw new ConfigError(`Invalid configuration: ${problems.join("; ")} (docs/CONFIGURATION.md)`);
}

let current: Config | undefined;

/** This process's configuration, read from its environment once. */
export function config(): Config {
  return (current ??= parseConfig(process.env));
}

/** Reads the environment again: for tests that change process.env between cases. */
export function reloadConfig(): Config {
  current = undefined;
  return config();
}

/** The framework's own variables (FRAMEWORK_VARIABLES), as they are now. */
export const runtime = {
  isDevelopment: (): boolean => process.env.NODE_ENV === "development",
  isNodeRuntime: (): boolean => process.env.NEXT_RUNTIME === "nodejs",
  distDir: (): string => process.env.NEXT_DIST_DIR || ".next",
  /** next start leaves SIGTERM to the app (the launcher sets it): the app drains itself (lib/http/graceful-shutdown.ts). */
  handlesSignalsItself: (): boolean => process.env.NEXT_MANUAL_SIG_HANDLE === "true",
};
