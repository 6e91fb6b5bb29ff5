import { randomBytes } from "node:crypto";

/** A share link secret: 192 bits from the CSPRNG (DESIGN asks for at least 128), base64url. */
export function createShareToken(): string {
  return randomBytes(24).toString("base64url");
}
