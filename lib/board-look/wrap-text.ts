/** Inter's average advance per character, in ems (measured on mixed English text; bold is wider). */
const AVERAGE_ADVANCE = 0.56;
const BOLD_ADVANCE = 0.6;

export function textWidth(text: string, fontSize: number, bold: boolean): number {
  return [...text].length * fontSize * (bold ? BOLD_ADVANCE : AVERAGE_ADVANCE);
}

/**
 * Text broken into lines that fit `width` (SVG text does not wrap), by words, a word longer than a
 * line by characters; at most `maxLines`, the last one ending in an ellipsis when text is left over.
 * An estimate from an average advance: the picture is a likeness, not a layout engine.
 */
export function wrapText(text: string, width: number, fontSize: number, bold: boolean, maxLines: number): string[] {
  const perLine = Math.max(1, Math.floor(width / (fontSize * (bold ? BOLD_ADVANCE : AVERAGE_ADVANCE))));
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      let rest = [...word];
      if (line && line.length + 1 + rest.length <= perLine) {
        line += ` ${word}`;
        continue;
      }
      if (line) lines.push(line);
      line = "";
      while (rest.length > perLine) {
        lines.push(rest.slice(0, perLine).join(""));
        rest = rest.slice(perLine);
      }
      line = rest.join("");
    }
    lines.push(line);
    if (lines.length > maxLines) break;
  }
  while (lines.length && lines[lines.length - 1] === "") lines.pop();
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, Math.max(1, maxLines));
  const last = [...kept[kept.length - 1]!];
  kept[kept.length - 1] = `${last
    .slice(0, Math.max(0, perLine - 1))
    .join("")
    .trimEnd()}…`;
  return kept;
}
