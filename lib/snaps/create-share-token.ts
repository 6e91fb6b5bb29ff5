import "server-only";
import { randomBytes } from "node:crypto";

/** A share link secret: 192 bits from the CSPRNG (at least 128 are needed: docs/API.md, "Permissions"), base64url. */
export function createShareToken(): string {
  return randomBytes(24).toString("base64url");
}
