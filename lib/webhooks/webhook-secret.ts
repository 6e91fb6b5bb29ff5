import "server-only";
import { config } from "@/lib/config";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/** A Standard Webhooks secret: whsec_ and 32 random bytes in base64. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/**
 * The secret must be used whole to sign (HMAC), so it cannot be hashed like API keys: it is stored
 * encrypted with AES-256-GCM under a key derived from AUTH_SECRET. A leaked table alone signs
 * nothing; changing AUTH_SECRET means rotating every webhook's secret.
 */
function encryptionKey(): Buffer {
  const authSecret = config().AUTH_SECRET;
  if (!authSecret) throw new Error("AUTH_SECRET is not set");
  return Buffer.from(hkdfSync("sha256", authSecret, "snap-board-webhooks", "webhook-secret-v1", 32));
}

export function encryptWebhookSecret(secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(), iv);
  const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64"), cipher.getAuthTag().toString("base64"), ciphertext.toString("base64")].join(":");
}

export function decryptWebhookSecret(stored: string): string {
  const [version, iv, tag, ciphertext] = stored.split(":");
  if (version !== "v1" || !iv || !tag || !ciphertext) throw new Error("Unreadable webhook secret");
  const decipher = createDecipheriv("aes-256-gcm", encryptionKey(), Buffer.from(iv, "base64"));
  decipher.setAuthTag(Buffer.from(tag, "base64"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64")), decipher.final()]).toString("utf8");
}
