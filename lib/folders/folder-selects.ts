/** A folder in the folders API: its id and name, plus its creator and timestamps. */
export const folderSelect = {
  id: true,
  name: true,
  userId: true,
  createdAt: true,
  updatedAt: true,
} as const;
