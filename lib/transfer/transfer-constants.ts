/** The largest export document POST /api/snaps/import reads (docs/EXPORT-IMPORT.md); the Import dialog refuses a larger file before sending it. */
export const MAX_IMPORT_BYTES = 8_000_000;

/** Twice a 100 x 100 board; the 8 MB body bounds a document of full cards well below this. */
export const MAX_DOCUMENT_CARDS = 20_000;

/** At most this many files in a document's list and in a .snap.zip (docs/EXPORT-IMPORT.md, "Files"). */
export const MAX_DOCUMENT_FILES = 1_000;

/**
 * The bounds of an imported .snap.zip (docs/EXPORT-IMPORT.md, "Files"), beside each file's
 * FILE_MAX_BYTES and the workspace's FILE_WORKSPACE_QUOTA_BYTES: the body, its entries, what they
 * unpack to (declared in the archive's directory, and checked again while reading), and how far
 * one entry may expand (a zip bomb expands a thousandfold).
 */
export const ARCHIVE_LIMITS = {
  bytes: 250_000_000,
  entries: MAX_DOCUMENT_FILES + 1,
  unpackedBytes: 250_000_000,
  /** An entry past `ratioFromBytes` may unpack to at most this many times its compressed size. */
  ratio: 100,
  ratioFromBytes: 1_000_000,
} as const;
