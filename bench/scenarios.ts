/**
 * The requests of scenarios a–f against one app server (g is b against the floor server), shared by
 * bench/run.ts and bench/ab.ts.
 */
import { type Fixtures, SEARCH_TERM } from "./database";
import type { LoadOptions } from "./load";

export type Request = Pick<LoadOptions, "url" | "method" | "headers" | "body" | "expectedStatus">;

function updatesBody(fixtures: Fixtures) {
  return (client: number, n: number) => {
    const snap = fixtures.patchSnaps[client % fixtures.patchSnaps.length]!;
    return JSON.stringify({
      updates: snap.cardIds.map((id, index) => ({ id, title: `Task ${index} rev ${n}`, completed: (n + index) % 2 === 0, color: n % 2 ? "#bfdbfe" : "" })),
    });
  };
}

function createsBody(fixtures: Fixtures) {
  return (client: number, n: number) => {
    const snapId = fixtures.insertSnapIds[client % fixtures.insertSnapIds.length]!;
    return JSON.stringify({
      cards: Array.from({ length: 100 }, (_, index) => ({
        snapId,
        row: (n * 10 + Math.floor(index / 10)) % 1000,
        col: index % 10,
        title: `New card ${n}.${index}`,
        ...(index % 4 === 0 ? { cellType: "todo", color: "#fde68a" } : {}),
      })),
    });
  };
}

export const snapPath = (fixtures: Fixtures) => `/api/snaps/${fixtures.readSnapId}`;
export const BASELINE_PATH = "/api/no-such-endpoint";
export const LIST_PATH = `/api/v1/workspace/snaps?search=${SEARCH_TERM}`;

/** Each scenario's label and request against the server at `baseUrl`. */
export function scenarioRequests(fixtures: Fixtures, baseUrl: string): Record<"a" | "b" | "c" | "d" | "e" | "f", { label: string; request: Request }> {
  const keyAuth = { authorization: `Bearer ${fixtures.apiKey}` };
  const json = { "content-type": "application/json" };
  return {
    // The catch-all's 404 (app/api/[...path]/route.ts): the cheapest route handler the build serves.
    a: { label: "GET /api/no-such-endpoint (trivial route handler)", request: { url: `${baseUrl}${BASELINE_PATH}`, expectedStatus: 404 } },
    b: { label: "GET /api/snaps/:id, 100 cards, API key", request: { url: baseUrl + snapPath(fixtures), headers: keyAuth } },
    c: { label: "GET /api/snaps/:id, 100 cards, session cookie", request: { url: baseUrl + snapPath(fixtures), headers: { cookie: fixtures.sessionCookie } } },
    d: {
      label: "PATCH /api/snaps/cards/batch, 100 cards",
      request: { url: `${baseUrl}/api/snaps/cards/batch`, method: "PATCH", headers: { ...keyAuth, ...json }, body: updatesBody(fixtures) },
    },
    e: {
      label: "POST /api/snaps/cards/batch, 100 cards",
      request: { url: `${baseUrl}/api/snaps/cards/batch`, method: "POST", headers: { ...keyAuth, ...json }, body: createsBody(fixtures) },
    },
    f: { label: `GET /api/v1/workspace/snaps?search=${SEARCH_TERM}`, request: { url: baseUrl + LIST_PATH, headers: keyAuth } },
  };
}
