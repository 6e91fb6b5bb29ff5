import "server-only";
import path from "node:path";
import { renderAsync } from "@resvg/resvg-js";
import { ApiError } from "@/lib/errors/api-error";
import { PICTURE_FONT, type SvgPicture } from "./render-snap-svg";

/** About 100 MB of RGBA: past it a picture is refused rather than let one request take the memory. */
export const MAX_PNG_PIXELS = 25_000_000;

/**
 * The font files the renderer loads, from the package that ships them (OFL): the machine's own
 * fonts are not read, so the picture's text is the same on every machine.
 */
const FONT_DIR = path.join(process.cwd(), "node_modules", "@expo-google-fonts", "inter");
const FONT_FILES = [
  "400Regular/Inter_400Regular.ttf",
  "700Bold/Inter_700Bold.ttf",
  "400Regular_Italic/Inter_400Regular_Italic.ttf",
  "700Bold_Italic/Inter_700Bold_Italic.ttf",
].map((file) => path.join(FONT_DIR, file));

/**
 * The SVG picture rendered to PNG at `scale` pixels per board pixel (400 when it would be too
 * large). Parsing (text laid out and turned into outlines, most of the time for a board full of
 * text) and rasterising run on libuv's thread pool (renderAsync), so a picture does not stall the
 * other requests of this process for most of a second; only the PNG encoding runs on the event loop.
 */
export async function renderSnapPng({ svg, width, height }: SvgPicture, scale = 1): Promise<Buffer> {
  if (width * height * scale * scale > MAX_PNG_PIXELS) {
    throw new ApiError(
      "BAD_REQUEST",
      `The picture would be ${Math.round(width * scale)} x ${Math.round(height * scale)} pixels; the limit is ${MAX_PNG_PIXELS.toLocaleString("en")} pixels`,
      [{ path: "scale", message: "Too large at this scale: choose a smaller scale, or the SVG format" }],
    );
  }
  const image = await renderAsync(svg, {
    fitTo: { mode: "zoom", value: scale },
    font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: PICTURE_FONT, sansSerifFamily: PICTURE_FONT },
  });
  return image.asPng();
}
