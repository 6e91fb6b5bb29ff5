import { randomUUID } from "node:crypto";
import type { Metadata } from "next";
import { Dashboard } from "@/components/dashboard/dashboard";
import { parseDashboardQuery, toListInput, toSearchParams, type DashboardQuery } from "@/components/dashboard/dashboard-query";
import type { FolderSummary, SnapPage } from "@/components/dashboard/dashboard-types";
import type { LoadedPage } from "@/components/dashboard/use-snap-page";
import { OwnInvitations } from "@/components/invitations/own-invitations";
import { requirePagePrincipal } from "@/lib/auth/get-page-principal";
import type { Principal } from "@/lib/request/principal";
import { listWorkspaceFolders } from "@/lib/folders/list-workspace-folders";
import { logger } from "@/lib/log/logger";
import { listWorkspaceSnaps } from "@/lib/snaps/list-workspace-snaps";
import { listAllOwnInvitations } from "@/lib/board-members/list-all-own-invitations";
import { listSharedWithMe } from "@/lib/board-members/list-shared-with-me";
import { SharedWithMe } from "@/components/dashboard/shared-with-me";

export const metadata: Metadata = { title: "Your snaps" };

type SearchParams = Record<string, string | string[] | undefined>;

/** The first value of each parameter, as URLSearchParams (and the API) read a repeated key. */
function firstValues(params: SearchParams): URLSearchParams {
  const result = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) result.set(name, first);
  }
  return result;
}

/**
 * The dashboard. The first page of snaps and the folders come from lib here, so the page arrives
 * filled; later pages, searches and filters are fetched by the browser from the same listing API.
 */
export default async function DashboardPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const principal = await requirePagePrincipal();
  const query = parseDashboardQuery(firstValues(await searchParams));
  const key = toSearchParams(query).toString();

  const [{ page, folders }, invitations, shared] = await Promise.all([
    loadDashboard(principal, query, key),
    listAllOwnInvitations(principal),
    listSharedWithMe(principal),
  ]);
  return (
    <>
      {/* Keyed by workspace: after accepting, the page comes back from the server in the new one. */}
      <OwnInvitations
        key={principal.workspaceId}
        initialInvitations={invitations.invitations.map((invitation) => ({
          ...invitation,
          createdAt: invitation.createdAt.toISOString(),
          expiresAt: invitation.expiresAt.toISOString(),
        }))}
      />
      <SharedWithMe snaps={shared.snaps} />
      <Dashboard
        initialPage={page}
        initialFolders={folders}
        renderId={randomUUID()}
        viewer={{ userId: principal.userId, isAdmin: principal.role === "admin" }}
      />
    </>
  );
}

async function loadDashboard(principal: Principal, query: DashboardQuery, key: string): Promise<{ page: LoadedPage; folders: FolderSummary[] }> {
  try {
    const [{ snaps, pagination }, folders] = await Promise.all([listWorkspaceSnaps(principal, toListInput(query)), listWorkspaceFolders(principal)]);
    const data: SnapPage = {
      snaps: snaps.map((snap) => ({ ...snap, createdAt: snap.createdAt.toISOString(), updatedAt: snap.updatedAt.toISOString() })),
      pagination,
    };
    return { page: { key, result: { ok: true, status: 200, data } }, folders: folders.map(({ id, name, userId }) => ({ id, name, userId })) };
  } catch (error) {
    // Shown as the list's error state, with a retry, inside the page rather than instead of it.
    logger.error({ err: error }, "dashboard: loading snaps failed");
    const message = "The snaps could not be loaded. Try again in a moment.";
    return { page: { key, result: { ok: false, status: 500, error: { code: "INTERNAL_SERVER_ERROR", message } } }, folders: [] };
  }
}
