import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_STATUS } from "@/lib/errors/api-error";
import { OPERATIONS } from "@/lib/operations/registry";
import type { AnyOperation } from "@/lib/operations/operation";
import { baseUrl, createKey } from "./helpers";
import { createTeam, ownedRowCounts, sql, stateChecksum, type Team } from "./fixtures";
import { insertSnap, newId } from "./card-fixtures";
import { httpMessage, partialBodyRequest, rawAgent, rawRequest, sameConnectionRequests, type RawResponse } from "./raw-http";

/**
 * Property-based hostile input over real HTTP: random and malformed bodies, query strings, path
 * ids and headers for every operation of the OpenAPI registry. Invariants: never a 5xx; every
 * 4xx is the error body without internals; a round of requests in which nothing succeeded
 * wrote nothing. Reproduce a run with HOSTILE_SEED=<seed printed in the output>.
 */
const SEED = Number(process.env.HOSTILE_SEED ?? 7_2026_1126);
const TOTAL_REQUESTS = Number(process.env.HOSTILE_REQUESTS ?? 10_000);
const CONCURRENCY = 16;
/** Requests sent between two database snapshots (each snapshot waits for the slowest of them). */
const ROUND = CONCURRENCY * 8;
/** Bounds a hang only: the test asserts no speed (docs/PERFORMANCE.md measures that). */
const HANG_LIMIT_MS = Number(process.env.HOSTILE_BUDGET_S ?? 900) * 1000;

interface Fixture {
  team: Team;
  snapId: string;
  cardIds: string[];
  lineId: string;
  folderId: string;
  /** A key of the owner's, for paths that name a key. */
  keyId: string;
  revokedKey: string;
}
let fx: Fixture;

beforeAll(async () => {
  const team = await createTeam();
  const snap = await insertSnap(team.owner, { cards: 5 });
  const lineId = newId();
  await sql().query(`INSERT INTO "Line" (id, "snapId", "fromCardId", "toCardId") VALUES ($1, $2, $3, $4)`, [lineId, snap.id, snap.cardIds[0], snap.cardIds[1]]);
  const folderId = newId();
  await sql().query(`INSERT INTO "Folder" (id, "workspaceId", "userId", name, "updatedAt") VALUES ($1, $2, $3, 'hostile', now())`, [
    folderId,
    team.workspaceId,
    team.owner.id,
  ]);
  const revokedKey = await createKey(team.owner, "revoked");
  await sql().query(`UPDATE "ApiKey" SET "revokedAt" = now() WHERE "userId" = $1 AND name = 'revoked'`, [team.owner.id]);
  const { rows } = await sql().query(`SELECT id FROM "ApiKey" WHERE "userId" = $1 AND "revokedAt" IS NULL LIMIT 1`, [team.owner.id]);
  fx = { team, snapId: snap.id, cardIds: snap.cardIds, lineId, folderId, keyId: rows[0].id, revokedKey };
});

afterAll(() => rawAgent.destroy());

// ---------------------------------------------------------------------------------------------
// What hostile input is made of

const deepArray = (levels: number) => "[".repeat(levels) + "]".repeat(levels);
const deepObject = (levels: number) => '{"a":'.repeat(levels) + "1" + "}".repeat(levels);

/** JSON values put where a field's value goes (after JSON.stringify). */
const HOSTILE_VALUES: unknown[] = [
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  2 ** 53 + 2,
  -1,
  -0.5,
  0.1,
  1.5,
  5e-324,
  2 ** 31,
  -(2 ** 31) - 1,
  "NaN",
  "Infinity",
  "-Infinity",
  "1e400",
  "12",
  "",
  " ",
  "0x10",
  "true",
  "null",
  null,
  true,
  false,
  [],
  {},
  [1, 2],
  { a: 1 },
  [{}],
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udfffy",
  "😀".repeat(50),
  "ｔｉｔｌｅ",
  "\u202e\u200b",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "%00",
  "../../etc/passwd",
  "x".repeat(20_000),
  "é".repeat(5_000),
  "#zzz",
  "#12345",
  "text-",
  "__proto__",
];

/** Raw JSON value texts JSON.stringify cannot make: out-of-range numbers, NaN, deep nesting. */
const RAW_VALUE_TEXTS = [
  "1e400",
  "-1e400",
  "NaN",
  "Infinity",
  "-Infinity",
  "-0",
  "1e-400",
  "123456789012345678901234567890",
  "-9007199254740993",
  '"\\u0000"',
  '"\\ud800"',
  '"a\\u0000b"',
  '"\\udfff\\ud800"',
  "null",
  "[]",
  "{}",
  "[{}]",
  '{"__proto__":{"polluted":true}}',
  deepArray(10_000),
  deepObject(10_000),
  deepArray(100),
  "undefined",
  "'single'",
  "0777",
  "+1",
  ".5",
  "1.",
];

/** Whole bodies that are not what any endpoint takes. */
const RAW_BODIES = [
  "",
  " ",
  "{",
  "}",
  "null",
  "[]",
  "[[]]",
  '"str"',
  "0",
  "true",
  '{"a":}',
  "{,}",
  '{"a":1,}',
  "\uFEFF{}",
  "{} {}",
  "{'a':1}",
  deepArray(10_000),
  deepObject(10_000),
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"prototype":{"polluted":true}}',
  "NaN",
  "1e400",
  "x".repeat(20_000),
  '{"a":"\\u0000"}',
  '{"\\u0000":1}',
  '{"a":"\\ud800"}',
  "row=0&col=0",
  "<xml/>",
  "\u0000",
  '{"a":1}\u0000',
];

/** Fields no caller may set (mass assignment, OWASP API3) and keys that target prototypes. */
const FORBIDDEN_KEYS = [
  "id",
  "userId",
  "ownerId",
  "workspaceId",
  "shareToken",
  "createdAt",
  "updatedAt",
  "version",
  "keyHash",
  "passwordHash",
  "role",
  "prefix",
  "revokedAt",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "",
];

/** Path ids, as they appear in the URL (already percent-encoded where needed). */
const HOSTILE_IDS = [
  "a".repeat(300),
  "a".repeat(5_000),
  "%00",
  "abc%00def",
  "..%2F..%2Fetc%2Fpasswd",
  "..",
  "../..",
  "%2e%2e",
  "%ED%A0%80",
  "%F0%9F%98%80",
  "%C3%A9t%C3%A9",
  "%",
  "%zz",
  "%27%20OR%201%3D1--",
  "null",
  "undefined",
  "0",
  "-1",
  "1e400",
  "NaN",
  "%7B%7D",
  "__proto__",
  "constructor",
  "batch",
  "%20",
  "%0A",
  "%0D%0A",
  "x%2Fy",
  "%5C",
  "*",
  "~",
  "%FF%FE",
];

const QUERY_VALUES = [
  "-1",
  "0",
  "1",
  "100",
  "101",
  "1e400",
  "NaN",
  "Infinity",
  "-Infinity",
  "99999999999999999999999",
  "1000001",
  "0x10",
  "1.5",
  "%205",
  "",
  "true",
  "false",
  "TRUE",
  "asc",
  "desc",
  "title",
  "createdAt",
  "updatedAt",
  "%00",
  "a%00b",
  "%ED%A0%80",
  "%",
  "%zz",
  "%C3%A9",
  "%F0%9F%98%80",
  "a".repeat(300),
  "x".repeat(5_000),
  "%27%20OR%201%3D1--",
  "%25",
  "%5C",
  "__proto__",
  "constructor",
  "%25_%5C",
];

/** Request headers with hostile values; any subset goes with a request. */
const HEADER_POOL: [string, string][] = [
  ["if-match", "*"],
  ["if-match", '"abc"'],
  ["if-match", 'W/"abc"'],
  ["if-match", 'garbage, , "x'],
  ["if-match", '"'.repeat(500)],
  ["if-match", ""],
  ["if-none-match", "*"],
  ["if-none-match", '"x", W/"y"'],
  ["if-none-match", ","],
  ["if-none-match", "W/"],
  ["idempotency-key", ""],
  ["idempotency-key", " "],
  ["idempotency-key", "k".repeat(300)],
  ["idempotency-key", "\u00e9t\u00e9"],
  ["idempotency-key", "reused-key"],
  ["base-version", "-1"],
  ["base-version", "1e400"],
  ["base-version", "NaN"],
  ["base-version", "99999999999999999999"],
  ["base-version", "abc"],
  ["base-version", ""],
  ["accept", "text/event-stream"],
  ["accept", "application/xml"],
  ["accept", "*/*;q=abc"],
  ["x-forwarded-for", "not-an-ip, ::::, 999.1.1.1"],
  ["x-forwarded-for", `1.2.3.4, ${"a".repeat(2_000)}`],
  ["x-request-id", "\u00ff".repeat(100)],
  ["x-huge", "h".repeat(8_000)],
  ["cookie", "authjs.session-token=garbage"],
  ["cookie", `authjs.session-token=${"a".repeat(4_000)}`],
  ["origin", "http://evil.example"],
  ["origin", "null"],
  ["sec-fetch-site", "cross-site"],
  ["range", "bytes=0-"],
  ["x-http-method-override", "DELETE"],
];

const CONTENT_TYPES = [
  "application/json; charset=utf-8",
  "text/plain",
  "",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/json-patch+json",
  "APPLICATION/JSON",
  "application/jsonx",
  "application/json; charset=utf-16",
  "*/*",
  "application/xml",
];

const GARBAGE_AUTHORIZATION = [
  "Bearer",
  "Bearer ",
  "Basic dXNlcjpwYXNz",
  `Bearer service_sk_${"A".repeat(48)}`,
  `Bearer ${"x".repeat(6_000)}`,
  "bearer service_sk_abc",
  "Bearer service_sk_abc extra",
  "Bearer\tservice_sk_abc",
  "Bearer \u00e9\u00e9\u00e9",
  "Bearer null",
  "Token abc",
  ",",
  "Bearer service_sk_",
];

type AuthChoice = "ownerKey" | "ownerCookie" | "outsiderKey" | "revokedKey" | "none" | "garbage";

/** The owner's headers for most requests, so that validation past authentication is reached. */
function authHeaders(choice: AuthChoice, garbage: string): Record<string, string> {
  switch (choice) {
    case "ownerKey":
      return { authorization: `Bearer ${fx.team.owner.key}` };
    case "ownerCookie":
      return { cookie: fx.team.owner.cookie, origin: baseUrl };
    case "outsiderKey":
      return { authorization: `Bearer ${fx.team.outsider.key}` };
    case "revokedKey":
      return { authorization: `Bearer ${fx.revokedKey}` };
    case "garbage":
      return { authorization: garbage };
    case "none":
      return {};
  }
}

/** The id of a real row for the path of an operation (new routes under a snap take the snap). */
function realId(op: AnyOperation): string {
  if (op.path.startsWith("/api/snaps/cards/{id}")) return op.method === "post" ? fx.snapId : fx.cardIds[0]!;
  if (op.path.startsWith("/api/lines/")) return fx.lineId;
  if (op.path.startsWith("/api/folders/")) return fx.folderId;
  if (op.path.startsWith("/api/workspace/members/")) return fx.team.member.id;
  if (op.path.startsWith("/api/keys/")) return fx.keyId;
  return fx.snapId;
}

type Path = (string | number)[];

function leafPaths(value: unknown, path: Path = []): Path[] {
  if (value === null || typeof value !== "object") return [path];
  const entries = Array.isArray(value) ? value.map((item, i) => [i, item] as const) : Object.entries(value);
  const below = entries.flatMap(([key, item]) => leafPaths(item, [...path, key]));
  return [path, ...below];
}

function setAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (!path.length) return replacement;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[path[0]!] = setAt(copy[path[0]!], path.slice(1), replacement);
  return copy;
}

/** The JSON text with one more key, first (the original wins) or last (the new one wins). */
function withKey(json: string, key: string, valueText: string, last: boolean): string {
  if (!json.startsWith("{")) return json;
  const member = `${JSON.stringify(key)}:${valueText}`;
  if (json === "{}") return `{${member}}`;
  return last ? `${json.slice(0, -1)},${member}}` : `{${member},${json.slice(1)}`;
}

const hostileValue = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_VALUES) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

function bodyArbitrary(op: AnyOperation): fc.Arbitrary<string> {
  const example = op.body?.example ?? {};
  const exampleText = JSON.stringify(example);
  const paths = leafPaths(example);
  const fieldNames = [...new Set(paths.map((path) => path.at(-1)).filter((key): key is string => typeof key === "string"))];
  return fc.oneof(
    { weight: 6, arbitrary: fc.tuple(fc.constantFrom(...paths), hostileValue).map(([path, value]) => JSON.stringify(setAt(example, path, value)) ?? "") },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...FORBIDDEN_KEYS),
          fc.oneof(
            fc.constantFrom(...RAW_VALUE_TEXTS),
            hostileValue.map((v) => JSON.stringify(v) ?? "1"),
          ),
          fc.boolean(),
        )
        .map(([key, value, last]) => withKey(exampleText, key, value, last)),
    },
    {
      // Duplicate keys: a field of the example again, with a value JSON.stringify cannot write.
      weight: fieldNames.length ? 2 : 0,
      arbitrary: fc
        .tuple(fc.constantFrom(...(fieldNames.length ? fieldNames : ["x"])), fc.constantFrom(...RAW_VALUE_TEXTS), fc.boolean())
        .map(([key, value, last]) => withKey(exampleText, key, value, last)),
    },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_BODIES) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 200 }) },
  );
}

function encodeSafely(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return "%ED%A0%80"; // a lone surrogate cannot be encoded: send its (invalid) UTF-8 bytes instead
  }
}

function queryArbitrary(op: AnyOperation): fc.Arbitrary<string> {
  const names = [...Object.keys(op.query?.shape ?? {}), "__proto__", "constructor", "foo", "limit[]", "search[0]", "", "%00"];
  const value = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...QUERY_VALUES) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 30 }).map(encodeSafely) },
  );
  const pairs = fc.array(fc.tuple(fc.constantFrom(...names), value), { minLength: 1, maxLength: 6 });
  return pairs.map((list) => list.map(([name, v]) => `${name}=${v}`).join("&"));
}

interface HostileCase {
  op: AnyOperation;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Operations that end every session of their caller when they succeed. */
const SESSION_ENDING = new Set(["signOutEverywhere", "changePassword"]);

function caseArbitrary(op: AnyOperation): fc.Arbitrary<HostileCase> {
  const method = op.method.toUpperCase();
  const hasPathId = /\{\w+\}/.test(op.path);
  const writes = method !== "GET";
  return fc
    .record({
      realPathId: fc.boolean(),
      hostileId: fc.oneof(fc.constantFrom(...HOSTILE_IDS), fc.string({ unit: "binary", minLength: 1, maxLength: 50 }).map(encodeSafely)),
      auth: fc.constantFrom<AuthChoice>(
        ...(["ownerKey", "ownerKey", "ownerKey", "ownerKey", "ownerCookie", "ownerCookie", "outsiderKey", "revokedKey", "none", "garbage"] as const),
      ),
      garbage: fc.constantFrom(...GARBAGE_AUTHORIZATION),
      query: fc.option(queryArbitrary(op), { freq: op.query ? 1 : 4 }),
      headers: fc.subarray(HEADER_POOL, { maxLength: 3 }),
      contentType: fc.option(fc.constantFrom(...CONTENT_TYPES), { freq: 6 }),
      body: op.body ? bodyArbitrary(op) : fc.option(fc.constantFrom(...RAW_BODIES), { freq: 8 }),
    })
    .map((pick) => {
      let auth = pick.auth;
      // A delete that succeeds would remove the fixture: with a real id, deletes come from callers who may not delete.
      if (method === "DELETE" && hasPathId && pick.realPathId && ["ownerKey", "ownerCookie"].includes(auth)) auth = "outsiderKey";
      // Ending the owner's sessions would turn every later cookie request into a 401: those come from a key (403).
      if (SESSION_ENDING.has(op.operationId) && auth === "ownerCookie") auth = "outsiderKey";
      const id = pick.realPathId ? realId(op) : pick.hostileId;
      const path = op.path.replace(/\{\w+\}/g, id) + (pick.query === null ? "" : `?${pick.query}`);
      const headers: Record<string, string> = { ...authHeaders(auth, pick.garbage), ...Object.fromEntries(pick.headers) };
      if (op.path === "/api/account") headers.origin ??= baseUrl;
      if (op.path === "/api/mcp") headers.accept ??= "application/json, text/event-stream";
      const body = pick.body ?? undefined;
      if (body !== undefined || writes) headers["content-type"] = pick.contentType ?? "application/json";
      return { op, method, path, headers, body };
    });
}

// ---------------------------------------------------------------------------------------------
// What every answer must be

/** Internals that must never reach a caller: stack frames, ORM and SQL text, file paths, error names. */
const LEAK = [
  /\n\s+at |\bat [\w.$<>]+ \(|prisma|\/work\/|node_modules|\.tsx?:\d|\bSELECT\b|\bINSERT INTO\b|\bUPDATE "|violates|syntax error at|invalid byte sequence|ECONNREFUSED|Cannot read prop/i,
  /\bError:|TypeError|RangeError|ReferenceError|SyntaxError|URIError/,
];
const leakIn = (text: string) => LEAK.map((pattern) => pattern.exec(text)?.[0]).find(Boolean);

/** Problems of the error body {"error":{"code","message","details?"}} for this status, or null. */
function errorBodyProblem(response: RawResponse): string | null {
  let body: any;
  try {
    body = JSON.parse(response.text);
  } catch {
    return "the error body is not JSON";
  }
  const error = body?.error;
  if (!error || typeof error !== "object" || Object.keys(body).length !== 1) return "the body is not {error}";
  if (typeof error.code !== "string" || typeof error.message !== "string") return "the error has no code or message";
  if (ERROR_STATUS[error.code as keyof typeof ERROR_STATUS] !== response.status) return `code ${error.code} is not status ${response.status}`;
  if (Object.keys(error).some((key) => !["code", "message", "details"].includes(key))) return "the error has more than code, message, details";
  const detailOk = (detail: any) => typeof detail?.path === "string" && typeof detail?.message === "string" && Object.keys(detail).length === 2;
  if (error.details !== undefined && !(Array.isArray(error.details) && error.details.every(detailOk))) return "malformed details";
  return null;
}

/** MCP answers protocol errors in JSON-RPC; a 401 before it is reached is the API's body. */
function mcpErrorProblem(response: RawResponse): string | null {
  if (errorBodyProblem(response) === null) return null;
  try {
    const body = JSON.parse(response.text);
    if (body?.jsonrpc === "2.0" && typeof body.error?.code === "number" && typeof body.error?.message === "string") return null;
  } catch {
    // reported below
  }
  return "neither the API's error body nor a JSON-RPC error";
}

function problemsOf(testCase: HostileCase, response: RawResponse): string[] {
  const problems: string[] = [];
  if (response.status >= 500) problems.push(`status ${response.status}`);
  // Node's HTTP server refuses request heads over 16 KB itself, before the app (no body to check).
  if (response.status === 431) return problems;
  // Dot segments can lead out of /api (/api/snaps/../../x is /x): a page's 404 is then right.
  if (!new URL(testCase.path, baseUrl).pathname.startsWith("/api/")) return problems;
  const isMcp = testCase.op.path === "/api/mcp";
  if (response.status >= 400) {
    const problem = isMcp ? mcpErrorProblem(response) : errorBodyProblem(response);
    if (problem) problems.push(problem);
    if (!response.contentType.startsWith("application/json")) problems.push(`error content type ${response.contentType || "(none)"}`);
  }
  const toolError = isMcp && response.text.includes('"isError":true');
  const leak = response.status >= 400 || toolError ? leakIn(response.text) : undefined;
  if (leak) problems.push(`internal detail: ${leak}`);
  return problems;
}

/** A 2xx to anything but a read may have written. */
function mayHaveWritten(testCase: HostileCase, response: RawResponse): boolean {
  return response.status < 300 && testCase.method !== "GET";
}

function describeCase(testCase: HostileCase): string {
  const headers = Object.fromEntries(
    Object.entries(testCase.headers).map(([name, value]) => [name, value.length > 80 ? `${value.slice(0, 80)}…(${value.length})` : value]),
  );
  const body =
    testCase.body === undefined
      ? ""
      : ` body=${JSON.stringify(testCase.body.length > 200 ? `${testCase.body.slice(0, 200)}…(${testCase.body.length})` : testCase.body)}`;
  const path = testCase.path.length > 200 ? `${testCase.path.slice(0, 200)}…(${testCase.path.length})` : testCase.path;
  return `${testCase.method} ${path} headers=${JSON.stringify(headers)}${body}`;
}

async function databaseState(): Promise<string> {
  const { team } = fx;
  const userIds = [team.owner.id, team.admin.id, team.member.id, team.outsider.id];
  const [counts, digest] = await Promise.all([ownedRowCounts(userIds), stateChecksum([fx.snapId], userIds)]);
  return JSON.stringify({ counts, digest });
}

/** Which of these emails belong to users (a refused sign-up must not have added one). */
async function existingUsers(emails: string[]): Promise<string[]> {
  if (!emails.length) return [];
  const { rows } = await sql().query(`SELECT email FROM "User" WHERE email = ANY($1)`, [emails.map((email) => email.trim().toLowerCase())]);
  return rows.map((row) => row.email);
}

function emailsIn(body: string | undefined): string[] {
  return [...(body ?? "").matchAll(/"email"\s*:\s*"([^"\\]{1,254})"/g)].map((match) => match[1]!);
}

// ---------------------------------------------------------------------------------------------

describe("hostile input to every operation of the OpenAPI registry", () => {
  it(
    `${TOTAL_REQUESTS} random and malformed requests: no 5xx, the error body of docs/API.md, "Errors", no internals, no write on a refusal`,
    { timeout: HANG_LIMIT_MS },
    async () => {
      const perOperation = Math.ceil(TOTAL_REQUESTS / OPERATIONS.length);
      const samples = OPERATIONS.map((op, index) => fc.sample(caseArbitrary(op), { seed: SEED + index, numRuns: perOperation }));
      // Interleaved, so each round mixes operations as real traffic would.
      const cases = Array.from({ length: perOperation }, (_, i) => samples.map((list) => list[i]!)).flat();

      const started = Date.now();
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      const latency = new Map<string, { ms: number; n: number }>();
      let verifiedRounds = 0;
      let rounds = 0;
      let before = await databaseState();
      let sent = 0;
      for (let start = 0; start < cases.length; start += ROUND) {
        const round = cases.slice(start, start + ROUND);
        sent += round.length;
        let wrote = false;
        const refusedSignUps: string[] = [];
        // Two sign-ups of one email in a round: the accepted one made the user, the other is a 409.
        const acceptedSignUps = new Set<string>();
        const usersBefore = new Set(await existingUsers(round.filter((c) => c.op.operationId === "signUp").flatMap((c) => emailsIn(c.body))));
        await Promise.all(
          round.map(async (testCase) => {
            let response: RawResponse;
            const sentAt = performance.now();
            try {
              response = await rawRequest(testCase.method, testCase.path, testCase.headers, testCase.body);
              const spent = latency.get(testCase.op.operationId) ?? { ms: 0, n: 0 };
              latency.set(testCase.op.operationId, { ms: spent.ms + performance.now() - sentAt, n: spent.n + 1 });
            } catch (error) {
              failures.push(`no answer (${(error as Error).message}): ${describeCase(testCase)}`);
              return;
            }
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
            if (mayHaveWritten(testCase, response)) wrote = true;
            if (testCase.op.operationId === "signUp") {
              if (response.status >= 400) refusedSignUps.push(...emailsIn(testCase.body));
              else for (const email of emailsIn(testCase.body)) acceptedSignUps.add(email);
            }
            for (const problem of problemsOf(testCase, response))
              failures.push(`${problem}: ${describeCase(testCase)} → ${response.status} ${response.text.slice(0, 300)}`);
          }),
        );
        rounds += 1;
        for (const email of await existingUsers(refusedSignUps)) {
          if (!usersBefore.has(email) && !acceptedSignUps.has(email)) failures.push(`a refused sign-up created the user ${email}`);
        }
        const after = await databaseState();
        if (!wrote) {
          verifiedRounds += 1;
          if (after !== before) failures.push(`a round of refused requests wrote: ${round.map(describeCase).join("\n  ")}`);
        }
        before = after;
        if (failures.length > 20) break;
      }
      const seconds = (Date.now() - started) / 1000;
      const slowest = [...latency.entries()]
        .map(([op, { ms, n }]) => [op, ms / n] as const)
        .sort(([, a], [, b]) => b - a)
        .slice(0, 4)
        .map(([op, ms]) => `${op} ${ms.toFixed(0)} ms`)
        .join(", ");
      const byStatus = [...statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}×${n}`)
        .join(" ");
      console.log(
        `[hostile] seed=${SEED} requests=${sent} operations=${OPERATIONS.length} in ${seconds.toFixed(1)} s (${Math.round(sent / seconds)}/s); ` +
          `rounds with nothing accepted, checked for writes: ${verifiedRounds}/${rounds}; statuses ${byStatus}; slowest mean latency: ${slowest}`,
      );
      expect(failures, `seed ${SEED} (HOSTILE_SEED=${SEED} reproduces)`).toEqual([]);
      expect(sent).toBeGreaterThanOrEqual(TOTAL_REQUESTS);
    },
  );
});

/** Headers with which the owner may call the operation, so a refusal is about the input alone. */
function ownerHeaders(op: AnyOperation): Record<string, string> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  const anyone = op.access === "public" || op.access === "same-origin";
  if (op.access === "session") Object.assign(headers, authHeaders("ownerCookie", ""));
  else if (!anyone) Object.assign(headers, authHeaders("ownerKey", ""));
  if (anyone) headers.origin = baseUrl;
  if (op.path === "/api/mcp") headers.accept = "application/json, text/event-stream";
  return headers;
}

// An upload's body is a file, any bytes (its limits: tests/api/file-suite.ts).
const withBody = OPERATIONS.filter((op) => op.body && !op.body.upload);
const pathOf = (op: AnyOperation) => op.path.replace(/\{\w+\}/g, realId(op));
const limitOf = (op: AnyOperation) => op.body?.maxBytes ?? 1_000_000;
const TEN_MB = 10 * 1024 * 1024;

/** 413 with the error body; MCP's transport answers in JSON-RPC. */
function expectTooLarge(op: AnyOperation, response: { status: number; body: string }) {
  expect(response.status).toBe(413);
  if (op.path === "/api/mcp") expect(JSON.parse(response.body)).toMatchObject({ error: expect.objectContaining({ message: expect.any(String) }) });
  else expect(JSON.parse(response.body)).toEqual({ error: { code: "PAYLOAD_TOO_LARGE", message: expect.any(String) } });
}

describe("bodies past the limit: 413 before the body is read", () => {
  it.each(withBody.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const))(
    "%s: a declared body past its limit (10 MB, or more for a larger limit) is refused when only its first 64 KB have arrived",
    async (_label, op) => {
      const before = await databaseState();
      const declared = Math.max(TEN_MB, limitOf(op) + 1);
      const answer = await partialBodyRequest(op.method.toUpperCase(), pathOf(op), ownerHeaders(op), Buffer.alloc(64 * 1024, "x"), declared);
      expectTooLarge(op, answer);
      expect(await databaseState()).toBe(before);
    },
  );

  it.each(withBody.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const))(
    "%s: a chunked body without Content-Length is refused once past the limit, before it ends",
    async (_label, op) => {
      const before = await databaseState();
      const past = Buffer.alloc(limitOf(op) + 64 * 1024, "x");
      const answer = await partialBodyRequest(op.method.toUpperCase(), pathOf(op), ownerHeaders(op), past);
      expectTooLarge(op, answer);
      expect(await databaseState()).toBe(before);
    },
  );

  it("a whole 10 MB body sent at once: a 413 its sender reads (the rest is drained, not reset); the server serves the next request", async () => {
    const op = OPERATIONS.find((candidate) => candidate.operationId === "createCards")!;
    const before = await databaseState();
    const answer = await rawRequest("POST", pathOf(op), ownerHeaders(op), Buffer.alloc(TEN_MB, "x"), { ownConnection: true });
    expectTooLarge(op, { status: answer.status, body: answer.text });
    expect((await rawRequest("GET", "/api/health", {})).status).toBe(200);
    expect(await databaseState()).toBe(before);
  });

  it("a 413 on a kept-alive connection: the server reads the refused body to its end and answers the next request on the same connection", async () => {
    const op = OPERATIONS.find((candidate) => candidate.operationId === "createCards")!;
    const before = await databaseState();
    const statuses = await sameConnectionRequests([
      httpMessage("POST", pathOf(op), ownerHeaders(op), Buffer.alloc(TEN_MB, "x")),
      httpMessage("GET", "/api/health", { Connection: "close" }),
    ]);
    expect(statuses).toEqual([413, 200]);
    expect(await databaseState()).toBe(before);
  });
});

describe("inputs that once caused a 5xx or a leak (regressions)", () => {
  const snapPatch = () => OPERATIONS.find((op) => op.operationId === "updateSnap")!;
  const send = (method: string, path: string, body?: string, headers: Record<string, string> = {}) =>
    rawRequest(method, path, { ...ownerHeaders(snapPatch()), ...headers }, body);
  const expectBadRequest = (response: RawResponse, status = 400) => {
    expect({ status: response.status, problem: errorBodyProblem(response) }).toEqual({ status, problem: null });
  };

  it.each([
    ["a NUL character", '{"title":"a\\u0000b"}', "title"],
    ["a NUL in a key of a map", '{"rowHeights":{"\\u0000":10}}', "rowHeights"],
    ["a lone high surrogate", '{"title":"x\\ud800"}', "title"],
    ["a lone low surrogate", '{"subtitle":"\\udfffx"}', "subtitle"],
  ])("a body with %s: 400 naming the field, nothing written", async (_label, body, path) => {
    const before = await databaseState();
    const response = await send("PATCH", `/api/snaps/${fx.snapId}`, body);
    expectBadRequest(response);
    expect(JSON.parse(response.text).error.details[0].path).toBe(path);
    expect(await databaseState()).toBe(before);
  });

  it("a NUL in a card batch item and in MCP tool arguments: 400 / tool error, nothing written", async () => {
    const before = await databaseState();
    const batch = await send(
      "PATCH",
      "/api/snaps/cards/batch",
      JSON.stringify({
        updates: [
          { id: fx.cardIds[0], title: "ok" },
          { id: fx.cardIds[1], note: "a\u0000" },
        ],
      }),
    );
    expectBadRequest(batch);
    expect(JSON.parse(batch.text).error.details[0].path).toBe("updates.1.note");
    const mcpOp = OPERATIONS.find((op) => op.path === "/api/mcp")!;
    const call = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "update_snap", arguments: { id: fx.snapId, title: "a\u0000" } } };
    const mcp = await rawRequest("POST", "/api/mcp", ownerHeaders(mcpOp), JSON.stringify(call));
    expect(mcp.status).toBe(200);
    expect(JSON.parse(mcp.text).result).toMatchObject({ isError: true });
    expect(JSON.parse(JSON.parse(mcp.text).result.content[0].text).error.code).toBe("BAD_REQUEST");
    expect(await databaseState()).toBe(before);
  });

  it.each(["search=a%00b", "folderId=%00", "sortBy=%00", "search=%ED%A0%80%00"])("a query with %s: 400", async (query) => {
    expectBadRequest(await send("GET", `/api/v1/workspace/snaps?${query}`));
  });

  it.each(["%F0%9F%98%80", "a".repeat(5_000), "..%2F..%2Fetc", "%C3%A9t%C3%A9"])("a path id %s that names nothing: 404 with the error body", async (id) => {
    expectBadRequest(await send("GET", `/api/snaps/${id}`), 404);
    expectBadRequest(await send("PATCH", `/api/snaps/cards/${id}`, '{"title":"x"}'), 404);
  });

  it.each(["%", "%zz", "%FF%FE", "a%E2%82", "%ED%A0%80", "%00", "abc%00def"])(
    "a path that is not percent-encoded UTF-8 text (%s): 400 with the error body",
    async (segment) => {
      for (const path of [`/api/snaps/${segment}`, `/api/snaps/cards/${segment}`, `/api/nothing/${segment}`, `/api/${segment}`]) {
        expectBadRequest(await send("GET", path));
      }
    },
  );

  it.each([
    ["10,000 nested arrays", deepArray(10_000)],
    ["10,000 nested objects", deepObject(10_000)],
    ["10,000 nested arrays in a field", `{"rowHeights":${deepArray(10_000)}}`],
  ])("%s, to every operation with a body: a 4xx, never a 5xx", async (_label, body) => {
    for (const op of withBody) {
      const response = await rawRequest(op.method.toUpperCase(), pathOf(op), ownerHeaders(op), body);
      expect({ op: op.operationId, status: response.status < 500 && response.status >= 400 }).toEqual({ op: op.operationId, status: true });
    }
  });

  it("headers past Node's 16 KB limit: 431 from the HTTP server itself, and it stays up", async () => {
    const response = await rawRequest("GET", "/api/snaps", { ...ownerHeaders(snapPatch()), "x-huge": "h".repeat(20_000) }).catch((error: Error) => error);
    if (!(response instanceof Error)) expect(response.status).toBe(431);
    expect((await rawRequest("GET", "/api/health", {})).status).toBe(200);
  });
});
