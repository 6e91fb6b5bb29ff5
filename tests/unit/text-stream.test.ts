import { describe, expect, it } from "vitest";
import { textStream } from "@/lib/http/text-stream";

async function read(stream: ReadableStream<Uint8Array>): Promise<{ text: string; chunks: number }> {
  let text = "";
  let chunks = 0;
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    text += decoder.decode(next.value, { stream: true });
    chunks++;
  }
  return { text: text + decoder.decode(), chunks };
}

describe("textStream (lib/http/text-stream.ts)", () => {
  it("sends the pieces' text as UTF-8, in chunks of about 64 K characters, making pieces a chunk ahead of the client at most", async () => {
    let made = 0;
    function* pieces() {
      for (let i = 0; i < 100; i++) {
        made++;
        yield `${"é".repeat(9_999)}${i}\n`;
      }
    }
    const stream = textStream(pieces());
    const reader = stream.getReader();
    const first = await reader.read();
    expect(made).toBeLessThanOrEqual(2 * Math.ceil((64 * 1024) / 10_001) + 1);
    reader.releaseLock();
    const rest = await read(stream);
    const text = new TextDecoder().decode(first.value) + rest.text;
    const chunks = rest.chunks + 1;
    expect(text).toBe(Array.from({ length: 100 }, (_, i) => `${"é".repeat(9_999)}${i}\n`).join(""));
    expect(made).toBe(100);
    expect(chunks).toBeGreaterThan(10);
    expect(chunks).toBeLessThan(20);
  });

  it("sends nothing for no pieces, and stops making them when the client goes away", async () => {
    expect(await read(textStream([]))).toEqual({ text: "", chunks: 0 });
    let made = 0;
    const endless = (function* () {
      for (;;) {
        made++;
        yield "x".repeat(1_000);
      }
    })();
    const reader = textStream(endless).getReader();
    await reader.read();
    await reader.cancel();
    const after = made;
    await new Promise((resolve) => setImmediate(resolve));
    expect(made).toBe(after);
  });
});
