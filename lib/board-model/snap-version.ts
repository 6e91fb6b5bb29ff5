/** What a snap's ETag is made of (lib/snaps/snap-etag.ts); the detail read returns it. */
export interface SnapVersion {
  id: string;
  updatedAt: Date;
  folderId: string | null;
  folder: { name: string } | null;
}
