import "server-only";
import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { ApiError } from "@/lib/errors/api-error";
import { cleanFileName } from "./clean-file-name";
import type { ReceivedUpload } from "./receive-upload";

/** MCP's upload_file: base64 bytes (already bounded by the tool's schema) into a temporary file. */
export async function receiveBase64(contentBase64: string, name: string, dir: string, maxBytes: number): Promise<ReceivedUpload> {
  const bytes = Buffer.from(contentBase64, "base64");
  if (bytes.length === 0) throw new ApiError("BAD_REQUEST", "The file is empty", [{ path: "contentBase64", message: "Empty" }]);
  if (bytes.length > maxBytes) {
    throw new ApiError("PAYLOAD_TOO_LARGE", `A file may have at most ${maxBytes.toLocaleString("en")} bytes here`, [
      { path: "contentBase64", message: "Too large" },
    ]);
  }
  await mkdir(dir, { recursive: true });
  const target = path.join(dir, randomUUID());
  await writeFile(target, bytes);
  return { path: target, name: cleanFileName(name), size: bytes.length };
}
