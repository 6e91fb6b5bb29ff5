/** A folder in the folders API: spec 2.3's id and name, plus its creator and timestamps. */
export const folderSelect = {
  id: true,
  name: true,
  userId: true,
  createdAt: true,
  updatedAt: true,
} as const;
