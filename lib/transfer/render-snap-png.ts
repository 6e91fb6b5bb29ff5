import "server-only";
import path from "node:path";
import { ApiError } from "@/lib/errors/api-error";
import { MAX_PNG_PIXELS } from "./png-limits";
import { withPngRenderSlot } from "./png-render-queue";
import { renderPngInWorker } from "./render-png-in-worker";
import { PICTURE_FONT, type SvgPicture } from "./render-snap-svg";

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
 * large), for `userId`: in a worker thread (renderPngInWorker), one render at a time per instance
 * and per user (withPngRenderSlot, 429 past them), so that pictures never stall or exhaust the
 * process that serves requests.
 */
export async function renderSnapPng({ svg, width, height }: SvgPicture, scale: number, userId: string): Promise<Buffer> {
  assertPngFits(width, height, scale);
  return withPngRenderSlot(userId, () =>
    renderPngInWorker(svg, {
      fitTo: { mode: "zoom", value: scale },
      font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: PICTURE_FONT, sansSerifFamily: PICTURE_FONT },
    }),
  );
}

/** 400 at `scale` when the picture would pass MAX_PNG_PIXELS: checked before any work on it. */
export function assertPngFits(width: number, height: number, scale: number): void {
  if (width * height * scale * scale > MAX_PNG_PIXELS) {
    throw new ApiError(
      "BAD_REQUEST",
      `The picture would be ${Math.round(width * scale)} x ${Math.round(height * scale)} pixels; the limit is ${MAX_PNG_PIXELS.toLocaleString("en")} pixels`,
      [{ path: "scale", message: "Too large at this scale: choose a smaller scale, or the SVG format" }],
    );
  }
}
