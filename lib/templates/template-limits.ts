import { MAX_IMPORT_BYTES } from "@/lib/transfer/transfer-schemas";

/** Templates one workspace may hold: one more is refused with 409 (docs/API.md, "Bounds"). */
export const MAX_WORKSPACE_TEMPLATES = 100;

/** A template's document, as JSON, is at most what an import accepts: larger is refused with 413. */
export const MAX_TEMPLATE_DOCUMENT_BYTES = MAX_IMPORT_BYTES;
