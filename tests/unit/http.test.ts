import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError, ERROR_STATUS } from "@/lib/errors/api-error";
import { toErrorResponse } from "@/lib/http/error-response";
import { MAX_BODY_BYTES, parseJsonBody, parseQuery } from "@/lib/http/parse";

const schema = z.strictObject({ cards: z.array(z.object({ row: z.number().int().min(0) })).max(2) });

function jsonRequest(body: string, contentType = "application/json") {
  return new Request("http://local/x", { method: "POST", body, headers: { "content-type": contentType } });
}

async function thrown(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("parseJsonBody", () => {
  it("returns the validated body", async () => {
    await expect(parseJsonBody(jsonRequest('{"cards":[{"row":1}]}'), schema)).resolves.toEqual({ cards: [{ row: 1 }] });
  });

  it("names the field path of a bad item", async () => {
    const error = await thrown(parseJsonBody(jsonRequest('{"cards":[{"row":1},{"row":-1}]}'), schema));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.details?.[0]?.path).toBe("cards.1.row");
  });

  it.each([
    ["malformed JSON", "{", "BAD_REQUEST"],
    ["a body that is not an object", "[1,2]", "BAD_REQUEST"],
    ["null", "null", "BAD_REQUEST"],
    ["an unknown field", '{"cards":[],"extra":1}', "BAD_REQUEST"],
  ])("refuses %s", async (_label, body, code) => {
    expect((await thrown(parseJsonBody(jsonRequest(body), schema))).code).toBe(code);
  });

  it("refuses a wrong content type (415) and a too-large body (413)", async () => {
    expect((await thrown(parseJsonBody(jsonRequest("{}", "text/plain"), schema))).code).toBe("UNSUPPORTED_MEDIA_TYPE");
    const huge = JSON.stringify({ cards: [], pad: "x".repeat(MAX_BODY_BYTES) });
    expect((await thrown(parseJsonBody(jsonRequest(huge), schema))).code).toBe("PAYLOAD_TOO_LARGE");
  });
});

describe("parseQuery", () => {
  it("validates query parameters with their names as paths", () => {
    const query = z.object({ limit: z.coerce.number().int().min(1).max(100) });
    expect(parseQuery(new Request("http://local/x?limit=5"), query)).toEqual({ limit: 5 });
    try {
      parseQuery(new Request("http://local/x?limit=500"), query);
      expect.unreachable();
    } catch (error) {
      expect((error as ApiError).details?.[0]?.path).toBe("limit");
    }
  });
});

describe("error responses", () => {
  it("map every code through the one table", async () => {
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      const response = toErrorResponse(new ApiError(code as keyof typeof ERROR_STATUS, "m"));
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ error: { code, message: "m" } });
    }
  });

  it("hide unexpected errors behind a generic 500", async () => {
    const original = console.error;
    console.error = () => {};
    const response = toErrorResponse(new Error('relation "secret_table" does not exist'));
    console.error = original;
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body.error.code).toBe("INTERNAL_SERVER_ERROR");
    expect(JSON.stringify(body)).not.toContain("secret_table");
  });
});
