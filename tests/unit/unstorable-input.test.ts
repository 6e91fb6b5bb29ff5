import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "@/lib/errors/api-error";
import { findPrototypeKey } from "@/lib/http/find-prototype-key";
import { findUnstorableText } from "@/lib/http/find-unstorable-text";
import { parseJsonBody, parseQuery, readBodyText } from "@/lib/http/parse";
import { refuseMalformedPath } from "@/lib/http/refuse-malformed-path";

/** A body that never ends, counting the bytes the reader pulled. */
function endlessBody(chunkBytes: number) {
  const pulled = { bytes: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled.bytes += chunkBytes;
      controller.enqueue(new Uint8Array(chunkBytes).fill(32));
    },
  });
  const request = new Request("http://local/x", {
    method: "POST",
    body: stream,
    headers: { "content-type": "application/json" },
    duplex: "half",
  } as RequestInit);
  return { request, pulled };
}

describe("readBodyText", () => {
  it("stops reading a body without Content-Length at the first chunk past the limit (413)", async () => {
    const { request, pulled } = endlessBody(64 * 1024);
    const error = await readBodyText(request, 1_000_000).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    expect(pulled.bytes).toBeLessThan(1_000_000 + 3 * 64 * 1024);
  });

  it("refuses a declared Content-Length over the limit without reading a byte", async () => {
    const { request, pulled } = endlessBody(1024);
    const declared = new Request(request, { headers: { "content-length": "10485760" } });
    await expect(readBodyText(declared, 1_000_000)).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    expect(pulled.bytes).toBeLessThan(16 * 1024); // at most what the stream buffers by itself
  });
});

describe("text PostgreSQL cannot store", () => {
  const schema = z.strictObject({ title: z.string(), sizes: z.record(z.string(), z.number()).optional() });
  const post = (body: string) => new Request("http://local/x", { method: "POST", body, headers: { "content-type": "application/json" } });

  it.each([
    ['{"title":"a\\u0000b"}', "title"],
    ['{"title":"ok","sizes":{"\\u0000":1}}', "sizes"],
    ['{"title":"\\ud800"}', "title"],
    ['{"title":"x\\udc00"}', "title"],
  ])("%s is a 400 naming %s", async (body, path) => {
    const error = (await parseJsonBody(post(body), schema).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect({ code: error.code, path: error.details?.[0]?.path }).toEqual({ code: "BAD_REQUEST", path });
  });

  it("keeps emoji (surrogate pairs) and ordinary unicode", async () => {
    await expect(parseJsonBody(post('{"title":"😀 été \\ud83d\\ude00"}'), schema)).resolves.toEqual({ title: "😀 été 😀" });
  });

  it("refuses NUL in a query value", () => {
    expect(() => parseQuery(new Request("http://local/x?title=a%00"), schema)).toThrow(ApiError);
  });

  it("walks 10,000 levels of nesting without overflowing the stack", () => {
    const deep = JSON.parse(`${'{"a":'.repeat(10_000)}"\\u0000"${"}".repeat(10_000)}`);
    expect(findUnstorableText(deep, "(body)")?.path).toBe(Array(10_000).fill("a").join("."));
  });
});

describe("refuseMalformedPath", () => {
  it.each(["/api/snaps/%", "/api/snaps/%zz", "/api/snaps/%FF%FE", "/api/snaps/%ED%A0%80", "/api/snaps/a%00b"])("%s: 400", async (path) => {
    const response = refuseMalformedPath(path);
    expect(response?.status).toBe(400);
    expect(await response?.json()).toEqual({ error: { code: "BAD_REQUEST", message: expect.any(String) } });
  });

  it.each(["/api/snaps/abc", "/api/snaps/%C3%A9t%C3%A9", "/api/snaps/%F0%9F%98%80", "/api/snaps/a%2Fb"])("%s: passes", (path) => {
    expect(refuseMalformedPath(path)).toBeNull();
  });
});

describe("findPrototypeKey", () => {
  it("names the first prototype key with its full path, at any depth; keys merely containing the words pass", () => {
    expect(findPrototypeKey(JSON.parse('{"rowHeights":{"0":40,"__proto__":{"x":1}}}'), "(body)")).toEqual({
      path: "rowHeights.__proto__",
      message: 'The key "__proto__" is not allowed',
    });
    expect(findPrototypeKey({ cards: [{ note: { constructor: 1 } }] }, "(body)")?.path).toBe("cards.0.note.constructor");
    expect(findPrototypeKey(JSON.parse('{"__proto__":1}'), "(body)")?.path).toBe("__proto__");
    expect(findPrototypeKey({ title: "__proto__", myconstructor: 1, prototypes: [] }, "(body)")).toBeNull();
    let deep: unknown = JSON.parse('{"prototype":true}');
    for (let level = 0; level < 10_000; level++) deep = level % 2 ? [deep] : { a: deep };
    const path = findPrototypeKey(deep, "(body)")?.path ?? "";
    expect(path.split(".")).toHaveLength(10_001);
    expect(path).toMatch(/^0\.a\.0\.a\..*\.a\.prototype$/);
  });
});
