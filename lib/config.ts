import "server-only";
import { z } from "zod";

/**
 * Every environment variable the app, the launcher and the job worker read, in one place: each
 * parsed and checked with zod, with its default. README's "Configuration" table lists exactly
 * these, with the same defaults (tests/unit/config.test.ts). Nothing else reads process.env
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

const configSchema = z.object({
  DATABASE_URL: secret(),
  /** PostgreSQL itself when DATABASE_URL is a pooler in transaction mode (lib/db/direct-database-url.ts). */
  DATABASE_DIRECT_URL: secret(),
  /** auto: named unless DATABASE_DIRECT_URL names another server (lib/db/prepared-statements-enabled.ts). */
  DATABASE_PREPARED_STATEMENTS: oneOf(["auto", "true", "false"], "auto"),
  DATABASE_POOL_SIZE: wholeNumber(1, 1_000, 10),
  AUTH_SECRET: secret(),
  /** The app's public URL: Auth.js reads it itself; the CSRF check compares Origin with it. */
  AUTH_URL: httpUrl(),
  PORT: wholeNumber(1, 65_535, 3000),
  /** After a SIGTERM, how long health answers "draining" while requests are still served (lib/http/graceful-shutdown.ts). */
  SHUTDOWN_DRAIN_SECONDS: wholeNumber(0, 600, 5),
  HOSTNAME: text(),
  SNAP_DATA_DIR: text("data"),
  SNAP_DETAIL_CACHE_MB: wholeNumber(0, 4_096, 16),
  REDIS_URL: secret(),
  RATE_LIMIT_REDIS_PREFIX: text("snap:rate:"),
  RATE_LIMIT_REQUESTS_PER_MINUTE: limit(1200),
  RATE_LIMIT_SYNC_INTERVAL_MS: limit(250),
  RATE_LIMIT_SYNC_EVERY_HITS: wholeNumber(1, Number.MAX_SAFE_INTEGER, 50),
  RATE_LIMIT_FAILED_AUTH_PER_IP: limit(30),
  RATE_LIMIT_FAILED_AUTH_PER_KEY_PREFIX: limit(10),
  RATE_LIMIT_FAILED_AUTH_WINDOW_SECONDS: limit(900),
  RATE_LIMIT_SIGN_IN_PER_IP: limit(30),
  RATE_LIMIT_SIGN_IN_PER_EMAIL: limit(10),
  RATE_LIMIT_SIGN_UP_PER_IP: limit(20),
  RATE_LIMIT_SIGN_UP_PER_EMAIL: limit(5),
  RATE_LIMIT_SIGN_IN_WINDOW_SECONDS: limit(900),
  TRUSTED_PROXY_HOPS: wholeNumber(0, 10, 0),
  WEBHOOK_RETRY_DELAYS: secondsList(DEFAULT_RETRY_DELAYS),
  WEBHOOK_ALLOW_PRIVATE_URLS: flag(false),
  OUTBOUND_ALLOW_PRIVATE_URLS: flag(false),
  RATE_LIMIT_OAUTH_REGISTRATIONS_PER_IP: limit(20),
  WEBHOOK_CONCURRENCY: wholeNumber(1, 64, 8),
  JOB_WORKER: oneOf(["process", "app", "off"], "process"),
  EVENT_RETENTION_DAYS: days(30),
  HISTORY_RETENTION_DAYS: days(90, 0),
  /** Passwords' bcrypt cost; API keys take one less (lib/users/passwords.ts). Tests lower it. */
  BCRYPT_COST: wholeNumber(4, 15, 11),
  LOG_LEVEL: oneOf(["trace", "debug", "info", "warn", "error", "fatal", "silent"], "info"),
  METRICS_TOKEN: secret(),
  OIDC_ISSUER: text(),
  OIDC_CLIENT_ID: text(),
  OIDC_CLIENT_SECRET: secret(),
  OIDC_NAME: text("Single sign-on"),
  OIDC_ALLOW_SIGNUP: flag(true),
  PASSWORD_SIGNIN: flag(true),
  /** Unset: password sign-up follows OIDC_ALLOW_SIGNUP (lib/auth/oidc/oidc-config.ts). */
  PASSWORD_SIGNUP: optionalFlag(),
  AUDIT_RETENTION_DAYS: days(180),
  LIVE_MAX_STREAMS_PER_USER: wholeNumber(1, 10_000, 20),
  /** Notification email (lib/email/email-config.ts): both set, or no email. */
  SMTP_URL: secret(),
  MAIL_FROM: text(),
  /** Set by `npm start` (the heap cap, scripts/server-node-options.ts); Node reads it. */
  NODE_OPTIONS: text(),
  /** Tests only: PNG renders hold until this file exists (lib/transfer/png-render-worker-source.ts). */
  PNG_RENDER_TEST_GATE: text(),
});

export type Config = z.output<typeof configSchema>;
export type ConfigVariable = keyof Config;

/** Set by Node, Next.js or the build, never by an operator: read here, not in README's table. */
export const FRAMEWORK_VARIABLES = ["NODE_ENV", "NEXT_RUNTIME", "NEXT_DIST_DIR", "NEXT_MANUAL_SIG_HANDLE"] as const;

/** The variables and their defaults as README shows them (undefined: unset by default). */
export const CONFIG_DEFAULTS: Readonly<Record<ConfigVariable, string | undefined>> = Object.fromEntries(
  Object.entries(configSchema.shape).map(([name, schema]) => [name, (schema.meta() as { default?: string } | undefined)?.default]),
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
  throw new ConfigError(`Invalid configuration: ${problems.join("; ")} (README, "Configuration")`);
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
