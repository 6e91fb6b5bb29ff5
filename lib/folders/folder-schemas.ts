import { z } from "zod";
import { idSchema, timestampSchema } from "@/lib/validation/common";

const folderNameSchema = z.string().trim().min(1, "Name cannot be empty").max(100, "Must be at most 100 characters");

/** POST /api/folders. */
export const folderCreateSchema = z.strictObject({ name: folderNameSchema });
export type FolderCreate = z.infer<typeof folderCreateSchema>;

/** PATCH /api/folders/:id: a rename. */
export const folderUpdateSchema = z.strictObject({ name: folderNameSchema });
export type FolderUpdate = z.infer<typeof folderUpdateSchema>;

/** The folder of a snap, as {id, name}. */
export const folderSummarySchema = z.object({ id: idSchema, name: z.string() });

/** A folder in the folders API (folderSelect): id and name, its creator and timestamps. */
export const folderSchema = folderSummarySchema.extend({ userId: idSchema, createdAt: timestampSchema, updatedAt: timestampSchema });

export const folderResponseSchema = z.object({ folder: folderSchema });
export const foldersResponseSchema = z.object({ folders: z.array(folderSchema).describe("By name.") });
