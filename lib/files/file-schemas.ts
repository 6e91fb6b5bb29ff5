import { z } from "zod";
import { idSchema, intInRange, timestampSchema } from "@/lib/validation/common";

/** An uploaded file as every answer and event shows it (docs/API.md, "Files"). */
export const fileSchema = z.object({
  id: idSchema,
  snapId: idSchema,
  name: z.string().describe("The name it was uploaded with, without any folder."),
  contentType: z.string().describe("Identified from the bytes, never from the name or the declared type."),
  size: z.number().int().min(0).describe("Bytes of the stored file (an image's metadata removed)."),
  width: z.number().int().optional().describe("Processed images only: pixels, upright."),
  height: z.number().int().optional(),
  url: z.string().describe("Where it is read: /api/files/{id}. An image card whose title is this url shows the image."),
  thumbnailUrl: z.string().optional().describe("Processed images only: a small rendition."),
  createdAt: timestampSchema,
  createdBy: idSchema.nullable().describe("The uploader's user id; null once that user is deleted."),
});
export type FileView = z.infer<typeof fileSchema>;

export const fileResponseSchema = z.object({ file: fileSchema });
export const filesResponseSchema = z.object({
  files: z.array(fileSchema).describe("Newest first."),
  nextCursor: z.string().nullable().describe("Pass as `after` for the next page; null when this is the last."),
  hasMore: z.boolean(),
});

/** A file's name: any text but folders and control characters, 1 to 255 characters. */
export const fileNameSchema = z
  .string()
  .trim()
  .min(1, "Expected a file name")
  .max(255, "A file name is at most 255 characters")
  .describe("The file's name (a raw body's; a multipart part names its own).");

/** POST /api/snaps/:id/files. */
export const fileUploadQuerySchema = z.strictObject({ name: fileNameSchema.optional() });

/** GET /api/files/:id. */
export const fileReadQuerySchema = z.strictObject({
  size: z
    .enum(["thumb", "display"])
    .optional()
    .describe("A processed image's rendition: display (at most 2,048 px a side) or thumb (400 px); absent: the original."),
  share: z.string().max(128).optional().describe("A public board's share token, for a reader without a session or key."),
  download: z
    .enum(["1"])
    .optional()
    .describe("1: answered with `Content-Disposition: attachment` whatever the type, so a browser saves it (a card's attachment chip)."),
  view: z
    .enum(["1"])
    .optional()
    .describe(
      "1: a PDF's original answered `inline` and framable by this app's own pages (the file viewer); 400 for any other type, a rendition or with `download`.",
    ),
});
export type FileReadQuery = z.infer<typeof fileReadQuerySchema>;

/** GET /api/snaps/:id/files as typed arguments (MCP's list_snap_files). */
export const fileListArgsSchema = z.strictObject({
  id: idSchema.describe("The snap id."),
  after: z.string().max(200).optional().describe("nextCursor of an earlier page."),
  limit: intInRange(1, 200).default(100).describe("Files per page, newest first (1 to 200)."),
});

/** The same read from query-string text. */
export const fileListQuerySchema = z.strictObject({
  after: fileListArgsSchema.shape.after,
  limit: z
    .string()
    .regex(/^\d{1,3}$/, "Expected a whole number")
    .transform(Number)
    .pipe(intInRange(1, 200))
    .default(100)
    .describe(fileListArgsSchema.shape.limit.description!),
});

/** MCP's upload_file: the bytes as base64, within the MCP endpoint's 8 MB body once encoded. */
export const MAX_TOOL_UPLOAD_BYTES = 5_000_000;
export const fileUploadToolArgsSchema = z.strictObject({
  id: idSchema.describe("The snap id."),
  name: fileNameSchema,
  contentBase64: z
    .string()
    .max(Math.ceil(MAX_TOOL_UPLOAD_BYTES / 3) * 4, `At most ${MAX_TOOL_UPLOAD_BYTES} bytes before encoding`)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, "Expected base64")
    .describe(`The file's bytes, base64 (at most ${MAX_TOOL_UPLOAD_BYTES.toLocaleString("en")} bytes).`),
});

/** MCP's attach_file_from_url. */
export const fileFromUrlToolArgsSchema = z.strictObject({
  id: idSchema.describe("The snap id."),
  url: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .describe("An http(s) address on the public internet."),
  name: fileNameSchema.optional().describe("Default: the address's last path segment."),
});
