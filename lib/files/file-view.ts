import type { FileView } from "./file-schemas";

/** The columns of a File row that its answer is made of. */
export interface FileRow {
  id: string;
  snapId: string;
  name: string;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
  renditions: boolean;
  createdAt: Date;
  createdById: string | null;
}

export const fileRowSelect = {
  id: true,
  snapId: true,
  name: true,
  contentType: true,
  size: true,
  width: true,
  height: true,
  renditions: true,
  createdAt: true,
  createdById: true,
} as const;

/** The path a file is read at; an image card whose title is it shows the image. */
export function fileUrl(fileId: string): string {
  return `/api/files/${fileId}`;
}

/** The file as the API shows it (docs/API.md, "Files"). */
export function toFileView(row: FileRow): FileView {
  return {
    id: row.id,
    snapId: row.snapId,
    name: row.name,
    contentType: row.contentType,
    size: row.size,
    ...(row.width !== null && row.height !== null ? { width: row.width, height: row.height } : {}),
    url: fileUrl(row.id),
    ...(row.renditions ? { thumbnailUrl: `${fileUrl(row.id)}?size=thumb` } : {}),
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdById,
  };
}
