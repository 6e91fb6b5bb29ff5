import { describe, expect, it } from "vitest";
import { refuseCrossSiteAction } from "@/lib/security/refuse-cross-site-action";

const post = (headers: Record<string, string>) => new Request("http://app.test/lines", { method: "POST", headers: { host: "app.test", ...headers } });
const multipart = { "content-type": "multipart/form-data; boundary=x" };

describe("refuseCrossSiteAction", () => {
  it("refuses what Next.js would take for a Server Action from another origin, a null one or a malformed one", () => {
    for (const origin of ["http://evil.example", "null", "garbage"]) {
      expect(refuseCrossSiteAction(post({ ...multipart, origin }))?.status).toBe(403);
      expect(refuseCrossSiteAction(post({ "next-action": "abc", origin }))?.status).toBe(403);
    }
  });

  it("lets through the app's own origin (Host, or X-Forwarded-Host behind a proxy), no Origin, and anything that is not an action", () => {
    expect(refuseCrossSiteAction(post({ ...multipart, origin: "http://app.test" }))).toBeNull();
    expect(refuseCrossSiteAction(post({ ...multipart, origin: "https://public.example", "x-forwarded-host": "public.example" }))).toBeNull();
    expect(refuseCrossSiteAction(post(multipart))).toBeNull();
    expect(refuseCrossSiteAction(post({ "content-type": "application/json", origin: "null" }))).toBeNull();
    expect(refuseCrossSiteAction(new Request("http://app.test/lines", { headers: { origin: "null", ...multipart } }))).toBeNull();
  });
});
