import "server-only";
import { timingSafeEqual } from "node:crypto";
import { authenticateRequest } from "@/lib/auth/authenticate-request";
import { getSnapAccessOrThrow } from "@/lib/board-model/snap-access";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors/api-error";

export interface ReadableFile {
  id: string;
  objectId: string;
  snapId: string;
  name: string;
  contentType: string;
  size: number;
  renditions: boolean;
  displaySize: number | null;
  thumbSize: number | null;
  sha256: string;
}

const notFound = () => new ApiError("NOT_FOUND", "File not found");

/**
 * The file, if this request may read it: a caller (session cookie, API key, OAuth token) who may
 * read its snap, or anyone holding the share token of a public snap (`?share=`). Whoever may not
 * gets the 404 of a file that does not exist; a request with no credential and no token, a 401.
 */
export async function findReadableFile(request: Request, fileId: string, shareToken: string | undefined): Promise<ReadableFile> {
  const file = await db.file.findUnique({
    where: { id: fileId },
    select: {
      id: true,
      objectId: true,
      snapId: true,
      name: true,
      contentType: true,
      size: true,
      renditions: true,
      displaySize: true,
      thumbSize: true,
      sha256: true,
      snap: { select: { isPublic: true, shareToken: true } },
    },
  });
  const sharedPublicly = Boolean(file?.snap.isPublic && file.snap.shareToken && shareToken && sameText(file.snap.shareToken, shareToken));
  const credentialed = request.headers.has("authorization") || request.headers.has("cookie");
  if (!credentialed && !shareToken) throw new ApiError("UNAUTHORIZED", "Sign in, send an API key, or add a public board's share token as ?share=");
  if (!file) throw notFound();
  if (sharedPublicly) return file;
  if (!credentialed) throw notFound();
  const principal = await authenticateRequest(request);
  try {
    await getSnapAccessOrThrow(principal, file.snapId, "read");
  } catch (error) {
    if (error instanceof ApiError && (error.code === "FORBIDDEN" || error.code === "NOT_FOUND")) throw notFound();
    throw error;
  }
  return file;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
