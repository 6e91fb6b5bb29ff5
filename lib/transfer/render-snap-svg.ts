import { cardColors } from "@/lib/board-look/card-colors";
import { connectorPath, type Box } from "@/lib/board-look/connector-path";
import { fontSizePixels } from "@/lib/board-look/font-sizes";
import { cardTypeOf } from "@/lib/cards/card-types/registry";
import { BORDER_COLOR, statusColors, TEXT_COLOR } from "./card-look";
import { DEFAULT_COL_WIDTH, DEFAULT_ROW_HEIGHT } from "@/lib/board-look/grid-geometry";
import type { DocumentCard, SnapDocument } from "./transfer-schemas";
import { textWidth, wrapText } from "./wrap-text";

const MARGIN = 24;
const HEADER = 64;
const CARD_PADDING = 10;
/** The font the PNG renderer ships (render-snap-png.ts); the snap's own font comes first. */
export const PICTURE_FONT = "Inter";

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const px = (value: number) => Math.round(value * 100) / 100;

function tracks(count: number, sizes: Record<string, number>, fallback: number, gap: number): { starts: number[]; sizes: number[]; total: number } {
  const list = Array.from({ length: count }, (_, index) => sizes[String(index)] ?? fallback);
  const starts: number[] = [];
  let at = 0;
  for (const size of list) {
    starts.push(at);
    at += size + gap;
  }
  return { starts, sizes: list, total: Math.max(0, at - gap) };
}

export interface SvgPicture {
  svg: string;
  width: number;
  height: number;
}

/**
 * The board as an SVG picture, drawn as the board shows it: the canvas color, the title, every
 * track at its size with the snap's spacing, cards with their fill, border, radius and opacity,
 * text with its size, weight, style and alignment (wrapped, clipped to the card), to-do boxes,
 * status chips, links, placeholders for images and embeds (a picture never loads other hosts'
 * content), and lines with their arrows on top.
 */
export function renderSnapSvg(document: SnapDocument): SvgPicture {
  const { snap, cards, lines } = document;
  const gap = snap.cellSpacing;
  const rows = tracks(snap.rows, snap.rowHeights, DEFAULT_ROW_HEIGHT, gap);
  const cols = tracks(snap.cols, snap.colWidths, DEFAULT_COL_WIDTH, gap);
  const width = Math.ceil(Math.max(cols.total, 320) + MARGIN * 2);
  const height = Math.ceil(rows.total + HEADER + MARGIN * 2);
  const top = MARGIN + HEADER;

  const boxOf = (card: DocumentCard): Box => {
    const lastRow = Math.min(card.row + card.rowSpan, snap.rows) - 1;
    const lastCol = Math.min(card.col + card.colSpan, snap.cols) - 1;
    const x = MARGIN + (cols.starts[card.col] ?? 0);
    const y = top + (rows.starts[card.row] ?? 0);
    return {
      x,
      y,
      width: MARGIN + (cols.starts[lastCol] ?? 0) + (cols.sizes[lastCol] ?? 0) - x,
      height: top + (rows.starts[lastRow] ?? 0) + (rows.sizes[lastRow] ?? 0) - y,
    };
  };

  const family = escapeXml(`${snap.fontFamily}, ${PICTURE_FONT}, sans-serif`);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${family}">`,
    `<title>${escapeXml(snap.title)}</title>`,
    `<rect width="100%" height="100%" fill="${escapeXml(snap.canvasBackgroundColor)}"/>`,
    header(snap.title, snap.subtitle, snap.icon),
  ];
  const boxes = new Map<string, Box>();
  cards.forEach((card, index) => {
    const box = boxOf(card);
    boxes.set(card.key, box);
    parts.push(drawCard(card, box, index));
  });
  parts.push(drawLines(lines, boxes));
  parts.push("</svg>");
  return { svg: parts.join("\n"), width, height };
}

/** Latin text and punctuation: what the shipped font draws. An emoji icon would come out as a box, so it is left out. */
const DRAWABLE = /^[\u0020-\u024f\u2000-\u206f\u20a0-\u20bf\u2190-\u21ff]*$/;

function header(title: string, subtitle: string | null, icon: string | null): string {
  const heading = `${icon && DRAWABLE.test(icon) ? `${icon} ` : ""}${title}`;
  const sub = subtitle ? `<text x="${MARGIN}" y="${MARGIN + 46}" font-size="14" fill="#64748b">${escapeXml(subtitle.slice(0, 200))}</text>` : "";
  return `<text x="${MARGIN}" y="${MARGIN + 22}" font-size="22" font-weight="700" fill="${TEXT_COLOR}">${escapeXml(heading)}</text>${sub}`;
}

/** Links in the theme's indigo; on a fill the user chose, in the text colour set for that fill, as on the board. */
const LINK_COLOR = "#4338ca";

function drawCard(card: DocumentCard, box: Box, index: number): string {
  const own = cardColors(card.color, card.cellOpacity);
  const colors = { fill: own.fill ?? "#ffffff", border: own.border ?? BORDER_COLOR, text: own.text ?? TEXT_COLOR };
  const inset = card.borderSize / 2;
  const radius = Math.min(card.borderRadius, box.width / 2, box.height / 2);
  const frame = `<rect x="${px(box.x + inset)}" y="${px(box.y + inset)}" width="${px(Math.max(0, box.width - card.borderSize))}" height="${px(Math.max(0, box.height - card.borderSize))}" rx="${radius}" fill="${colors.fill}"${
    card.borderSize ? ` stroke="${colors.border}" stroke-width="${card.borderSize}"` : ""
  }/>`;
  const clipId = `k${index}`;
  const clip = `<clipPath id="${clipId}"><rect x="${px(box.x)}" y="${px(box.y)}" width="${px(box.width)}" height="${px(box.height)}" rx="${radius}"/></clipPath>`;
  return `<g>${clip}${frame}<g clip-path="url(#${clipId})">${drawContent(card, box, colors.text, own.text ?? LINK_COLOR)}</g></g>`;
}

function drawContent(card: DocumentCard, box: Box, color: string, linkColor: string): string {
  const [fontSize, lineHeight] = fontSizePixels(card.fontSize);
  const inner = { x: box.x + CARD_PADDING, y: box.y + CARD_PADDING, width: box.width - 2 * CARD_PADDING, height: box.height - 2 * CARD_PADDING };
  const type = cardTypeOf(card.cellType);
  // A picture has no frames or remote images: a card filled by one shows a placeholder with its note.
  if (type.fillsCard) return placeholder(card, box, type.label);
  switch (type.name) {
    case "todo":
      return drawTodo(card, inner, fontSize, lineHeight, color);
    case "status":
      return drawStatus(card, inner, fontSize, lineHeight);
    case "link":
      return textBlock(displayUrl(card.title), card, inner, fontSize, lineHeight, linkColor, { underline: true });
    default:
      return textBlock(card.title, card, inner, fontSize, lineHeight, color);
  }
}

function textBlock(
  text: string,
  card: DocumentCard,
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

function drawTodo(card: DocumentCard, area: Box, fontSize: number, lineHeight: number, color: string): string {
  const size = Math.max(16, fontSize * 1.05);
  const boxY = area.y + Math.max(0, (lineHeight - size) / 2);
  const check = card.completed
    ? `<rect x="${px(area.x)}" y="${px(boxY)}" width="${px(size)}" height="${px(size)}" rx="4" fill="#4f46e5"/><path d="M${px(area.x + size * 0.25)} ${px(boxY + size * 0.52)} L${px(area.x + size * 0.43)} ${px(boxY + size * 0.7)} L${px(area.x + size * 0.76)} ${px(boxY + size * 0.32)}" fill="none" stroke="#ffffff" stroke-width="${px(size / 8)}" stroke-linecap="round" stroke-linejoin="round"/>`
    : `<rect x="${px(area.x + 0.5)}" y="${px(boxY + 0.5)}" width="${px(size - 1)}" height="${px(size - 1)}" rx="4" fill="#ffffff" stroke="#94a3b8"/>`;
  const textArea = { ...area, x: area.x + size + 8, width: area.width - size - 8 };
  const todoCard = { ...card, verticalAlign: "top" as const, textAlign: "left" as const };
  return check + textBlock(card.title, todoCard, textArea, fontSize, lineHeight, color, { strike: card.completed, faded: card.completed });
}

function drawStatus(card: DocumentCard, area: Box, fontSize: number, lineHeight: number): string {
  const label = card.title || "Status";
  const tone = statusColors(card.title);
  const chipHeight = lineHeight + 4;
  const chipWidth = Math.min(area.width, textWidth(label, fontSize, true) + 34);
  const chip = `<rect x="${px(area.x)}" y="${px(area.y)}" width="${px(chipWidth)}" height="${px(chipHeight)}" rx="${px(chipHeight / 2)}" fill="${tone.fill}"/>`;
  const dot = `<circle cx="${px(area.x + 10 + 4)}" cy="${px(area.y + chipHeight / 2)}" r="4" fill="${tone.dot}"/>`;
  const textArea = { x: area.x + 24, y: area.y + 2, width: chipWidth - 28, height: lineHeight };
  return chip + dot + textBlock(label, { ...card, bold: true, verticalAlign: "top", textAlign: "left" }, textArea, fontSize, lineHeight, tone.text);
}

function placeholder(card: DocumentCard, box: Box, typeLabel: string): string {
  const label = card.note.trim() || typeLabel;
  const area = { x: box.x + CARD_PADDING, y: box.y + CARD_PADDING, width: box.width - 2 * CARD_PADDING, height: box.height - 2 * CARD_PADDING };
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2 - 10;
  const icon = `<rect x="${px(cx - 14)}" y="${px(cy - 11)}" width="28" height="22" rx="3" fill="none" stroke="#94a3b8" stroke-width="2"/><path d="M${px(cx - 10)} ${px(cy + 7)} L${px(cx - 3)} ${px(cy - 1)} L${px(cx + 2)} ${px(cy + 4)} L${px(cx + 5)} ${px(cy + 1)} L${px(cx + 10)} ${px(cy + 7)}" fill="none" stroke="#94a3b8" stroke-width="2" stroke-linejoin="round"/>`;
  const caption = textBlock(label, { ...card, verticalAlign: "bottom", textAlign: "center", bold: false }, area, 12, 16, "#64748b");
  return `<rect x="${px(box.x)}" y="${px(box.y)}" width="${px(box.width)}" height="${px(box.height)}" fill="#f1f5f9"/>${icon}${caption}`;
}

function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return url;
    return `${parsed.host}${parsed.pathname === "/" ? "" : parsed.pathname}`;
  } catch {
    return url;
  }
}

function drawLines(lines: SnapDocument["lines"], boxes: Map<string, Box>): string {
  const drawn: string[] = [];
  const markers: string[] = [];
  lines.forEach((line, index) => {
    const from = boxes.get(line.from);
    const to = boxes.get(line.to);
    if (!from || !to) return;
    const path = connectorPath(from, to);
    if (!path) return;
    const color = escapeXml(line.color);
    const marker = `a${index}`;
    if (line.arrow !== "none") {
      markers.push(
        `<marker id="${marker}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0 0.5 L10 5 L0 9.5 z" fill="${color}"/></marker>`,
      );
    }
    const ends = `x1="${px(path.x1)}" y1="${px(path.y1)}" x2="${px(path.x2)}" y2="${px(path.y2)}"`;
    const arrows = line.arrow === "none" ? "" : ` marker-end="url(#${marker})"${line.arrow === "both" ? ` marker-start="url(#${marker})"` : ""}`;
    drawn.push(
      `<line ${ends} stroke="#ffffff" stroke-opacity="0.75" stroke-width="5" stroke-linecap="round"/>` +
        `<line ${ends} stroke="${color}" stroke-width="2" stroke-linecap="round"${line.style === "dashed" ? ` stroke-dasharray="7 5"` : ""}${arrows}/>`,
    );
  });
  if (drawn.length === 0) return "";
  return `<defs>${markers.join("")}</defs>${drawn.join("\n")}`;
}
