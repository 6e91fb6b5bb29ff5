import "server-only";
import { ProtocolError, ProtocolErrorCode, type ReadResourceResult, type Resource } from "@modelcontextprotocol/server";
import type { Principal } from "@/lib/request/principal";
import { ApiError } from "@/lib/errors/api-error";
import { toErrorResponse } from "@/lib/http/error-response";
import { listWorkspaceSnaps } from "@/lib/snaps/list-workspace-snaps";
import { listMemberOnlySnaps } from "@/lib/board-members/list-member-only-snaps";
import { exportFile } from "@/lib/transfer/export-file";
import { exportSnap } from "@/lib/transfer/export-snap";
import { withFileList } from "@/lib/transfer/file-references";
import { formatSnapDocument } from "@/lib/transfer/format-snap-document";
import { BOARD_URI_PREFIX } from "@/lib/operations/mcp-catalog";
import { BOARD_ICONS } from "@/lib/operations/mcp-icons";

/**
 * Boards as MCP resources (docs/API.md, "MCP"): `snap-board://snaps/{snapId}` is the export
 * document, `…/picture.png` the board as a PNG, `…/cards/{cardId}` one card.
 */
const BOARD_URI = /^snap-board:\/\/snaps\/([A-Za-z0-9_-]{1,64})(?:\/(picture\.png)|\/cards\/([A-Za-z0-9_-]{1,64}))?$/;
const PAGE_SIZE = 50;
/** A listing is private to the caller and changes with every new board: clients may reuse it briefly. */
export const LIST_CACHE = { ttlMs: 30_000, cacheScope: "private" } as const;
/** A board changes at any time; a subscription says when. */
const READ_CACHE = { ttlMs: 0, cacheScope: "private" } as const;

export function boardUri(snapId: string): string {
  return `${BOARD_URI_PREFIX}${snapId}`;
}

/** The snap a board URI names, or null for a URI that is none of ours. */
export function snapIdOfUri(uri: string): string | null {
  return BOARD_URI.exec(uri)?.[1] ?? null;
}

/**
 * One page of the boards the caller can list (own and shared with the workspace), oldest first so
 * cursors stay valid; the last page also lists the boards the caller reads only as a board member.
 */
export async function listBoardResources(principal: Principal, cursor: string | undefined): Promise<{ resources: Resource[]; nextCursor?: string }> {
  const offset = cursor === undefined ? 0 : Number.parseInt(Buffer.from(cursor, "base64url").toString(), 10);
  if (!Number.isSafeInteger(offset) || offset < 0) throw new ProtocolError(ProtocolErrorCode.InvalidParams, "Invalid cursor");
  const page = await listWorkspaceSnaps(principal, { limit: PAGE_SIZE, offset, sortBy: "createdAt", sortOrder: "asc" });
  const resources = page.snaps.map((snap): Resource => ({
    uri: boardUri(snap.id),
    name: snap.id,
    title: snap.title,
    description: snap.subtitle ?? `A board of ${snap.cellCount} cards. Its picture: ${boardUri(snap.id)}/picture.png`,
    mimeType: "application/json",
    icons: BOARD_ICONS,
    annotations: { lastModified: new Date(snap.updatedAt).toISOString(), audience: ["user", "assistant"] },
  }));
  if (page.pagination.hasMore) return { resources, nextCursor: Buffer.from(String(offset + page.snaps.length)).toString("base64url") };
  const shared = (await listMemberOnlySnaps(principal)).map((snap): Resource => ({
    uri: boardUri(snap.id),
    name: snap.id,
    title: snap.title,
    description: snap.subtitle ?? `A board shared with you (${snap.role}). Its picture: ${boardUri(snap.id)}/picture.png`,
    mimeType: "application/json",
    icons: BOARD_ICONS,
    annotations: { lastModified: snap.updatedAt.toISOString(), audience: ["user", "assistant"] },
  }));
  return { resources: [...resources, ...shared] };
}

/** resources/read: the caller's read access decides, as for GET /api/snaps/:id/export. */
export async function readBoardResource(principal: Principal, uri: string): Promise<ReadResourceResult> {
  const match = BOARD_URI.exec(uri);
  if (!match) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown resource ${uri}`, { uri });
  const [, snapId, picture, cardId] = match;
  try {
    const { snap, document, files } = await exportSnap(principal, snapId!);
    if (picture) {
      const file = await exportFile(document, "png", 1, principal.userId, files);
      return { contents: [{ uri, mimeType: "image/png", blob: Buffer.from(file.body).toString("base64") }], ...READ_CACHE };
    }
    if (cardId) {
      const card = snap.cards.find((candidate) => candidate.id === cardId);
      if (!card) throw new ApiError("NOT_FOUND", "Card not found");
      return { contents: [{ uri, mimeType: "application/json", text: JSON.stringify(card) }], ...READ_CACHE };
    }
    return { contents: [{ uri, mimeType: "application/json", text: formatSnapDocument(withFileList(document, files, false)) }], ...READ_CACHE };
  } catch (error) {
    // The API's error body rides in the JSON-RPC error's data, so an agent reads the same code.
    const body = (await toErrorResponse(error).json()) as { error: { code: string; message: string } };
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, body.error.message, { uri, ...body });
  }
}
