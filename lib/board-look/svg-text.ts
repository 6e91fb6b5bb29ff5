import type { Box } from "./connector-path";
import { wrapText } from "./wrap-text";

export type { Box };

/** What a card's text looks like in the picture: the card fields the drawing reads. */
export interface PictureText {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  textAlign: "left" | "center" | "right";
  verticalAlign: "top" | "middle" | "bottom";
}

export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
export const px = (value: number) => Math.round(value * 100) / 100;

/**
 * Text wrapped into `area` as SVG (which does not wrap), aligned and styled as the card says, with
 * extra decorations a card type adds (a link's underline, a done to-do's strike and fade).
 */
export function textBlock(
  text: string,
  card: PictureText,
  area: Box,
  fontSize: number,
  lineHeight: number,
  color: string,
  extra: { underline?: boolean; strike?: boolean; faded?: boolean } = {},
): string {
  if (!text.trim()) return "";
  const maxLines = Math.max(1, Math.floor(area.height / lineHeight));
  const lines = wrapText(text, area.width, fontSize, card.bold, maxLines);
  const blockHeight = lines.length * lineHeight;
  const startY =
    card.verticalAlign === "middle" ? area.y + (area.height - blockHeight) / 2 : card.verticalAlign === "bottom" ? area.y + area.height - blockHeight : area.y;
  const anchor = card.textAlign === "center" ? "middle" : card.textAlign === "right" ? "end" : "start";
  const x = card.textAlign === "center" ? area.x + area.width / 2 : card.textAlign === "right" ? area.x + area.width : area.x;
  const decorations = [card.underline || extra.underline ? "underline" : "", extra.strike ? "line-through" : ""].filter(Boolean).join(" ");
  const attributes = [
    `font-size="${fontSize}"`,
    `fill="${color}"`,
    `text-anchor="${anchor}"`,
    card.bold ? `font-weight="700"` : "",
    card.italic ? `font-style="italic"` : "",
    decorations ? `text-decoration="${decorations}"` : "",
    extra.faded ? `opacity="0.6"` : "",
  ]
    .filter(Boolean)
    .join(" ");
  // The baseline sits where CSS puts it: half the leading above the em box, the ascent inside it.
  const baseline = (line: number) => px(startY + line * lineHeight + (lineHeight - fontSize) / 2 + fontSize * 0.8);
  const spans = lines.map((line, index) => `<tspan x="${px(x)}" y="${baseline(index)}">${escapeXml(line)}</tspan>`).join("");
  return `<text ${attributes}>${spans}</text>`;
}
