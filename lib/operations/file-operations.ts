import { deleteFile } from "@/lib/files/delete-file";
import { fetchFileFromUrl } from "@/lib/files/fetch-file-from-url";
import {
  fileFromUrlToolArgsSchema,
  fileListArgsSchema,
  fileListQuerySchema,
  fileReadQuerySchema,
  fileResponseSchema,
  filesResponseSchema,
  fileUploadQuerySchema,
  fileUploadToolArgsSchema,
  MAX_TOOL_UPLOAD_BYTES,
} from "@/lib/files/file-schemas";
import { listSnapFiles } from "@/lib/files/list-snap-files";
import { receiveBase64 } from "@/lib/files/receive-base64";
import { storeUpload } from "@/lib/files/store-upload";
import { z } from "zod";
import { exampleFile } from "./examples/file-examples";
import { declareOperation } from "./operation";
import { snapIdParam } from "./path-params";
import { successResponse } from "./success-response";

const fileIdParam = { id: { description: "The file id.", example: exampleFile.id } };

/** Files on boards: upload, read, list, delete (docs/API.md, "Files"). */
export const FILE_OPERATIONS = {
  uploadFile: declareOperation({
    method: "post",
    path: "/api/snaps/{id}/files",
    operationId: "uploadFile",
    tag: "Files",
    summary: "Upload a file to a snap",
    description:
      "Edit access (read-only keys and the OAuth read scope: 403). multipart/form-data with one part named `file`, or the raw bytes as the body with `?name=`. The type is identified from the bytes, never from the name or Content-Type. PNG, JPEG, WebP, GIF and AVIF images are decoded (at most FILE_MAX_IMAGE_PIXELS pixels, else 413), turned upright, stripped of metadata (EXIF, GPS), and get a display rendition (at most 2,048 px a side) and a thumbnail. At most FILE_MAX_BYTES bytes (default 25,000,000; 413) and FILE_WORKSPACE_QUOTA_BYTES a workspace (default 1,000,000,000; 413 naming what is used). An image card whose title is the file's `url` shows it.",
    pathParams: snapIdParam,
    query: fileUploadQuerySchema,
    body: { schema: z.string().describe("The file's bytes."), example: "(the file's bytes)", upload: true, readByHandler: true },
    success: { status: 201, description: "The stored file.", schema: fileResponseSchema, example: { file: exampleFile } },
    errors: [400, 401, 403, 404, 413],
    access: "key-or-session",
    tools: [
      {
        name: "upload_file",
        title: "Upload a file to a snap",
        mode: "write",
        hint: `At most ${MAX_TOOL_UPLOAD_BYTES.toLocaleString("en")} bytes here. To show an image, create an image card whose title is the answer's url.`,
        arguments: fileUploadToolArgsSchema,
        run: async (principal, { id, name, contentBase64 }: z.output<typeof fileUploadToolArgsSchema>) => ({
          file: await storeUpload(principal, id, (dir, maxBytes) => receiveBase64(contentBase64, name, dir, Math.min(maxBytes, MAX_TOOL_UPLOAD_BYTES))),
        }),
      },
      {
        name: "attach_file_from_url",
        title: "Add a file to a snap from an address",
        mode: "write",
        openWorld: true,
        hint: "The server fetches the address (public addresses only, no redirects). To show an image, create an image card whose title is the answer's url.",
        arguments: fileFromUrlToolArgsSchema,
        run: async (principal, { id, url, name }: z.output<typeof fileFromUrlToolArgsSchema>) => ({
          file: await storeUpload(principal, id, (dir, maxBytes) => fetchFileFromUrl(url, name, dir, maxBytes)),
        }),
      },
    ],
  }),
  listSnapFiles: declareOperation({
    method: "get",
    path: "/api/snaps/{id}/files",
    operationId: "listSnapFiles",
    tag: "Files",
    summary: "List a snap's files",
    description: "Read access. Newest first; page with `after` = nextCursor.",
    pathParams: snapIdParam,
    query: fileListQuerySchema,
    success: {
      status: 200,
      description: "One page of files.",
      schema: filesResponseSchema,
      example: { files: [exampleFile], nextCursor: null, hasMore: false },
    },
    errors: [400, 401, 403, 404],
    access: "key-or-session",
    action: (principal, { params, query }) => listSnapFiles(principal, params.id, query),
    tools: [{ name: "list_snap_files", title: "List a snap's files", mode: "read", arguments: fileListArgsSchema }],
  }),
  readFile: declareOperation({
    method: "get",
    path: "/api/files/{id}",
    operationId: "readFile",
    tag: "Files",
    summary: "Read a file",
    description:
      "Whoever may read its snap (session, API key, OAuth token), or anyone with a public snap's share token as `?share=`; anyone else gets 404 (401 with no credential at all). `?size=display|thumb` picks a processed image's rendition (WebP). ETag and `Cache-Control: private, max-age=31536000, immutable` (the content at a file's URL never changes), single byte ranges (206, 416), `X-Content-Type-Options: nosniff`, a sandboxing Content-Security-Policy, and `Content-Disposition: attachment` for anything but a processed image.",
    pathParams: fileIdParam,
    query: fileReadQuerySchema,
    success: { status: 200, description: "The bytes.", files: { "*/*": "The file (or the rendition), as stored." } },
    otherResponses: [
      { status: 206, description: "The byte range asked for (Range: bytes=a-b)." },
      { status: 304, description: "Not modified: If-None-Match names the ETag. No body." },
      { status: 416, description: "The range starts past the end; Content-Range names the size." },
    ],
    requestHeaders: ["If-None-Match"],
    errors: [400, 401, 404],
    access: "public",
  }),
  deleteFile: declareOperation({
    method: "delete",
    path: "/api/files/{id}",
    operationId: "deleteFile",
    tag: "Files",
    summary: "Delete a file",
    description: "Edit access to its snap. Cards showing it show nothing after; the audit log records it.",
    pathParams: fileIdParam,
    success: successResponse("Deleted."),
    errors: [401, 403, 404],
    access: "key-or-session",
    action: async (principal, { params }) => {
      await deleteFile(principal, params.id);
      return { success: true as const };
    },
    tools: [{ name: "delete_file", title: "Delete a file", mode: "write", destructive: true }],
  }),
};
