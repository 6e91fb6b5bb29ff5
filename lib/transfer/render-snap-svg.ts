import { cardColors } from "@/lib/board-look/card-colors";
import { connectorPath, type Box } from "@/lib/board-look/connector-path";
import { fontSizePixels } from "@/lib/board-look/font-sizes";
import { DARK_TEXT_COLOR as TEXT_COLOR } from "@/lib/board-look/card-colors";
import { DEFAULT_COL_WIDTH, DEFAULT_ROW_HEIGHT } from "@/lib/board-look/grid-geometry";
import { escapeXml, px, textBlock } from "@/lib/board-look/svg-text";
import { cardTypeOf } from "@/lib/card-types/registry";
import type { DocumentCard, SnapDocument } from "./transfer-schemas";

/** The board's default card border (slate-300), where the theme draws it with a class. */
const BORDER_COLOR = "#cbd5e1";

const MARGIN = 24;
const HEADER = 64;
const CARD_PADDING = 10;
/** The font the PNG renderer ships (render-snap-png.ts); the snap's own font comes first. */
export const PICTURE_FONT = "Inter";

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

/** Where the picture draws each card, and its size: the board's tracks with the snap's spacing. */
export function pictureLayout({ snap }: Pick<SnapDocument, "snap">): { width: number; height: number; boxOf: (card: DocumentCard) => Box } {
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
  return { width, height, boxOf };
}

/**
 * The board as an SVG picture, drawn as the board shows it: the canvas color, the title, every
 * track at its size with the snap's spacing, cards with their fill, border, radius and opacity,
 * text with its size, weight, style and alignment (wrapped, clipped to the card), to-do boxes,
 * status chips, links, uploaded images from `images` (card key → data: URI, loaded by
 * lib/transfer/picture-images.ts), placeholders for other images and embeds (a picture never loads
 * other hosts' content), and lines with their arrows on top.
 */
export function renderSnapSvg(document: SnapDocument, images: ReadonlyMap<string, string> = new Map()): SvgPicture {
  const { snap, cards, lines } = document;
  const { width, height, boxOf } = pictureLayout(document);

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
    parts.push(drawCard(card, box, index, images.get(card.key)));
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

function drawCard(card: DocumentCard, box: Box, index: number, image: string | undefined): string {
  const own = cardColors(card.color, card.cellOpacity);
  const colors = { fill: own.fill ?? "#ffffff", border: own.border ?? BORDER_COLOR, text: own.text ?? TEXT_COLOR };
  const inset = card.borderSize / 2;
  const radius = Math.min(card.borderRadius, box.width / 2, box.height / 2);
  const frame = `<rect x="${px(box.x + inset)}" y="${px(box.y + inset)}" width="${px(Math.max(0, box.width - card.borderSize))}" height="${px(Math.max(0, box.height - card.borderSize))}" rx="${radius}" fill="${colors.fill}"${
    card.borderSize ? ` stroke="${colors.border}" stroke-width="${card.borderSize}"` : ""
  }/>`;
  const clipId = `k${index}`;
  const clip = `<clipPath id="${clipId}"><rect x="${px(box.x)}" y="${px(box.y)}" width="${px(box.width)}" height="${px(box.height)}" rx="${radius}"/></clipPath>`;
  return `<g>${clip}${frame}<g clip-path="url(#${clipId})">${image ? drawImage(image, box) : drawContent(card, box, colors.text, own.text ?? LINK_COLOR)}</g></g>`;
}

function drawContent(card: DocumentCard, box: Box, color: string, linkColor: string): string {
  const [fontSize, lineHeight] = fontSizePixels(card.fontSize);
  const area = { x: box.x + CARD_PADDING, y: box.y + CARD_PADDING, width: box.width - 2 * CARD_PADDING, height: box.height - 2 * CARD_PADDING };
  const type = cardTypeOf(card.cellType);
  // A picture has no frames or remote images: a card filled by one shows a placeholder with its note.
  if (type.fillsCard) return placeholder(card, box, type.label);
  if (type.drawPicture) return type.drawPicture({ card, area, fontSize, lineHeight, color, linkColor });
  return textBlock(card.title, card, area, fontSize, lineHeight, color);
}

/** An uploaded image filling its card as the board's object-fit: cover does (the card's clip crops it). */
function drawImage(href: string, box: Box): string {
  return `<image x="${px(box.x)}" y="${px(box.y)}" width="${px(box.width)}" height="${px(box.height)}" preserveAspectRatio="xMidYMid slice" href="${escapeXml(href)}"/>`;
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
