/**
 * A multipart POST to a page, which Next.js reads as a Server Action's form: a body that is not
 * multipart was a bare 500 (found by hostile-input.test.ts); proxy.ts now reads the form first and
 * answers 400 (lib/security/refuse-unreadable-action-form.ts). A form that reads but names no action
 * gets Next.js's own 4xx.
 */
import { describe, expect, it } from "vitest";
import { baseUrl } from "./helpers";

const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(baseUrl + path, { method: "POST", headers: { origin: baseUrl, ...headers }, body, redirect: "manual" });

describe("multipart POSTs to pages", () => {
  it("a body that is not multipart is 400, on any page, never a 500", async () => {
    for (const path of ["/", "/sign-in", "/comments", "/no-such-page"]) {
      const response = await post(path, '{"body":"#zzz"}', { "content-type": "multipart/form-data; boundary=x" });
      expect(response.status, path).toBe(400);
      expect(await response.text()).toBe("The form could not be read");
    }
  });

  it("a form that reads but names no action is refused by Next.js with a 4xx", async () => {
    const form = new FormData();
    form.set("a", "1");
    const response = await post("/sign-in", form);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });
});
