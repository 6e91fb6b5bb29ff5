import type { z } from "zod";
import type { folderSchema } from "@/lib/folders/folder-schemas";
import type { snapSummarySchema, workspaceSnapsResponseSchema } from "@/lib/snaps/snap-schemas";

/** One entry of GET /api/v1/workspace/snaps; dates as ISO strings. */
export type SnapSummary = z.output<typeof snapSummarySchema>;
export type PreviewCell = SnapSummary["previewCells"][number];
export type SnapPage = z.output<typeof workspaceSnapsResponseSchema>;

/** A folder as GET /api/folders lists it, the fields the dashboard reads (userId: its creator). */
export type FolderSummary = Pick<z.output<typeof folderSchema>, "id" | "name" | "userId">;

/** Who is looking, for showing only the actions they may take. */
export interface Viewer {
  userId: string;
  isAdmin: boolean;
}
