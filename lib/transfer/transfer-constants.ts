/** The largest export document POST /api/snaps/import reads (docs/EXPORT-IMPORT.md); the Import dialog refuses a larger file before sending it. */
export const MAX_IMPORT_BYTES = 8_000_000;
