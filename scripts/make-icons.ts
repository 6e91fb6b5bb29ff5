/**
 * Draws the app's icons from public/icon.svg with the system's Chromium (no image library needed):
 * favicon.ico (16, 32 and 48 px PNGs in one ICO), apple-touch-icon.png (180 px, full bleed: iOS
 * rounds the corners itself) and the web manifest's 192 and 512 px icons (the maskable one with a
 * safe-zone margin). Run `npx tsx scripts/make-icons.ts` after changing the SVG; the outputs are committed.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";

const svg = readFileSync("public/icon.svg", "utf8");
const square = svg.replace('rx="14"', 'rx="0"');

async function main() {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
  const page = await browser.newPage();
  async function png(source: string, size: number, padding = 0): Promise<Buffer> {
    await page.setViewportSize({ width: size, height: size });
    const inner = size - 2 * padding;
    await page.setContent(
      `<body style="margin:0;background:${padding ? "#4f46e5" : "transparent"}"><div style="padding:${padding}px;width:${inner}px;height:${inner}px">${source.replace("<svg ", `<svg width="${inner}" height="${inner}" `)}</div></body>`,
    );
    return page.screenshot({ omitBackground: !padding, clip: { x: 0, y: 0, width: size, height: size } });
  }
  const favicons = [16, 32, 48];
  const images: Buffer[] = [];
  for (const size of favicons) images.push(await png(svg, size));
  writeFileSync("public/favicon.ico", ico(favicons, images));
  writeFileSync("public/apple-touch-icon.png", await png(square, 180));
  writeFileSync("public/icon-192.png", await png(svg, 192));
  writeFileSync("public/icon-512.png", await png(svg, 512));
  writeFileSync("public/icon-maskable-512.png", await png(square, 512, 64));
  await browser.close();
}

/** An ICO file holding PNG images (supported by every current browser). */
function ico(sizes: number[], images: Buffer[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map((image, index) => {
    const entry = Buffer.alloc(16);
    const size = sizes[index]!;
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(image.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += image.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images]);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
