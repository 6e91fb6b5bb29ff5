import { describe, expect, it } from "vitest";
import { displayPrefix, generateApiKeySecret, isWellFormedApiKey } from "@/lib/auth/api-keys/key-format";

describe("API key format", () => {
  it("is service_sk_ followed by 48 base64url characters", () => {
    const key = generateApiKeySecret();
    expect(key).toMatch(/^service_sk_[A-Za-z0-9_-]{48}$/);
    expect(key).toHaveLength(59);
    expect(isWellFormedApiKey(key)).toBe(true);
  });

  it("never repeats (CSPRNG)", () => {
    const keys = new Set(Array.from({ length: 1000 }, generateApiKeySecret));
    expect(keys.size).toBe(1000);
  });

  it("uses the whole base64url alphabet over many keys", () => {
    const seen = new Set(Array.from({ length: 200 }, generateApiKeySecret).join("").slice(0));
    for (const char of "AZaz09-_") expect(seen.has(char)).toBe(true);
  });

  it("shows its first 20 characters as the prefix", () => {
    const key = generateApiKeySecret();
    expect(displayPrefix(key)).toBe(key.slice(0, 20));
    expect(displayPrefix(key).startsWith("service_sk_")).toBe(true);
  });

  it.each([
    ["truncated", (k: string) => k.slice(0, -1)],
    ["over-long", (k: string) => `${k}x`],
    ["wrong prefix", (k: string) => `service_pk_${k.slice(11)}`],
    ["non-base64url character", (k: string) => `${k.slice(0, -1)}+`],
    ["surrounding space", (k: string) => ` ${k}`],
  ])("rejects a %s key", (_label, mangle) => {
    expect(isWellFormedApiKey(mangle(generateApiKeySecret()))).toBe(false);
  });
});
