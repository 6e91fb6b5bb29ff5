import { z } from "zod";

const folderNameSchema = z.string().trim().min(1, "Name cannot be empty").max(100, "Must be at most 100 characters");

/** POST /api/folders. */
export const folderCreateSchema = z.strictObject({ name: folderNameSchema });
export type FolderCreate = z.infer<typeof folderCreateSchema>;

/** PATCH /api/folders/:id: a rename. */
export const folderUpdateSchema = z.strictObject({ name: folderNameSchema });
export type FolderUpdate = z.infer<typeof folderUpdateSchema>;
