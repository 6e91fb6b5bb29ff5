/** One entry of GET /api/v1/workspace/snaps (spec 2.1's workspace summary); dates as ISO strings. */
export interface SnapSummary {
  id: string;
  title: string;
  subtitle: string | null;
  icon: string | null;
  isPublic: boolean;
  shareToken: string | null;
  shareMode: "view" | "edit";
  folder: { id: string; name: string } | null;
  cellCount: number;
  previewCells: PreviewCell[];
  createdAt: string;
  updatedAt: string;
}

export interface PreviewCell {
  position: { row: number; col: number };
  title: string;
  type: string;
}

export interface SnapPage {
  snaps: SnapSummary[];
  pagination: { total: number; limit: number; offset: number; hasMore: boolean };
}

/** A folder as GET /api/folders lists it. */
export interface FolderSummary {
  id: string;
  name: string;
  /** Its creator: they and workspace admins may rename or delete it. */
  userId: string;
}

/** Who is looking, for showing only the actions they may take. */
export interface Viewer {
  userId: string;
  isAdmin: boolean;
}
