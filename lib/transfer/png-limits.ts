/**
 * About 48 MB of RGBA for the raster (and about as much again while the PNG is encoded): with one
 * render at a time per instance, what the server's memory budget holds beside its own
 * (docs/EXPORT-IMPORT.md, "PNG"). Past it a picture is refused (400), the SVG format being the way out.
 */
export const MAX_PNG_PIXELS = 12_000_000;
