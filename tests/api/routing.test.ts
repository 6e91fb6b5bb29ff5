import { describe, expect, it } from "vitest";
import { api, createKey, signUp } from "./helpers";

/** Every error from every /api path has the error body, including 404 and 405 (docs/API.md, "Errors"). */
describe("routing errors carry the error body", () => {
  it.each([
    ["PUT", "/api/snaps"],
    ["DELETE", "/api/snaps"],
    ["POST", "/api/snaps/some-id"],
    ["GET", "/api/snaps/cards/batch"],
    ["DELETE", "/api/snaps/cards/batch"],
    ["PUT", "/api/snaps/cards/some-id"],
    ["POST", "/api/v1/workspace/snaps"],
    ["PUT", "/api/folders"],
    ["GET", "/api/folders/some-id"],
    ["POST", "/api/lines/some-id"],
    ["PATCH", "/api/keys"],
    ["GET", "/api/keys/some-id"],
    ["POST", "/api/health"],
    ["PUT", "/api/account"],
    ["PUT", "/api/mcp"],
    ["POST", "/api/openapi.json"],
  ])("%s %s is 405 with an Allow header", async (method, path) => {
    const response = await api(method, path);
    expect(response.status).toBe(405);
    expect(response.body.error.code).toBe("METHOD_NOT_ALLOWED");
    expect(response.headers.get("allow")).toMatch(/^[A-Z, ]+$/);
    expect(response.headers.get("allow")).not.toContain(method);
  });

  it("GET /api/snaps/cards/:id is a route: a missing card is 404", async () => {
    const key = await createKey(await signUp("routing"));
    const response = await api("GET", "/api/snaps/cards/some-id", { key });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: { code: "NOT_FOUND", message: "Card not found" } });
  });

  it.each(["GET", "POST", "DELETE"])("%s on an unknown /api path is 404", async (method) => {
    const response = await api(method, "/api/no/such/endpoint");
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: { code: "NOT_FOUND", message: expect.any(String) } });
  });
});
