import "server-only";
import type yauzl from "yauzl";
import { FORMAT_LIMITS } from "../format-limits";
import { readXml } from "./xml-reader";
import { colorOf, resolveColor, type XlsxColor } from "./xlsx-colors";

/** What a cell's style (`s`, an index into cellXfs) gives a card, colours resolved. */
export interface CellStyle {
  numFmt: string;
  fill: string | null;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  fontPoints: number | null;
  horizontal: string | null;
  vertical: string | null;
}

/** The format codes of Excel's built-in numFmtIds (ECMA-376 Part 1, 18.8.30), as en-US shows them. */
const BUILT_IN_FORMATS: Record<number, string> = {
  0: "General",
  1: "0",
  2: "0.00",
  3: "#,##0",
  4: "#,##0.00",
  9: "0%",
  10: "0.00%",
  11: "0.00E+00",
  12: "# ?/?",
  13: "# ??/??",
  14: "m/d/yyyy",
  15: "d-mmm-yy",
  16: "d-mmm",
  17: "mmm-yy",
  18: "h:mm AM/PM",
  19: "h:mm:ss AM/PM",
  20: "h:mm",
  21: "h:mm:ss",
  22: "m/d/yyyy h:mm",
  37: "#,##0 ;(#,##0)",
  38: "#,##0 ;[Red](#,##0)",
  39: "#,##0.00;(#,##0.00)",
  40: "#,##0.00;[Red](#,##0.00)",
  45: "mm:ss",
  46: "[h]:mm:ss",
  47: "mmss.0",
  48: "##0.0E+0",
  49: "@",
};

export const DEFAULT_STYLE: CellStyle = {
  numFmt: "General",
  fill: null,
  bold: false,
  italic: false,
  underline: false,
  fontPoints: null,
  horizontal: null,
  vertical: null,
};

interface Font {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  points: number | null;
}

/**
 * xl/styles.xml's cell formats, each with its number format, font, solid fill and alignment. Only
 * the top-level lists are read (`dxfs`, conditional formats, hold fonts and fills of their own).
 */
export async function readStyles(zip: yauzl.ZipFile, entry: yauzl.Entry | undefined, theme: readonly string[]): Promise<CellStyle[]> {
  if (!entry) return [DEFAULT_STYLE];
  const formats = new Map<number, string>();
  const fonts: Font[] = [];
  const fills: (XlsxColor | null)[] = [];
  const xfs: { numFmtId: number; fontId: number; fillId: number; horizontal: string | null; vertical: string | null }[] = [];
  const path: string[] = [];
  let font: Font | null = null;
  let fill: { solid: boolean; color?: XlsxColor } | null = null;
  const number = (value: string | undefined, fallback = 0) => (value !== undefined && Number.isFinite(Number(value)) ? Number(value) : fallback);
  await readXml(zip, entry, FORMAT_LIMITS.xlsxPartBytes, {
    open(name, attributes) {
      const parent = path[path.length - 1];
      const section = path[1];
      path.push(name);
      if (name === "numFmt" && section === "numFmts") formats.set(number(attributes.numFmtId, -1), (attributes.formatCode ?? "General").slice(0, 255));
      else if (name === "font" && section === "fonts" && path.length === 3) font = { bold: false, italic: false, underline: false, points: null };
      else if (font && parent === "font") {
        const off = attributes.val === "0" || attributes.val === "false";
        if (name === "b") font.bold = !off;
        else if (name === "i") font.italic = !off;
        else if (name === "u") font.underline = attributes.val !== "none";
        else if (name === "sz") font.points = number(attributes.val, 11);
      } else if (name === "fill" && section === "fills" && path.length === 3) fill = { solid: false };
      else if (fill && name === "patternFill") fill.solid = attributes.patternType === "solid";
      else if (fill && name === "fgColor" && parent === "patternFill") fill.color = colorOf(attributes);
      else if (name === "xf" && section === "cellXfs") {
        xfs.push({
          numFmtId: number(attributes.numFmtId),
          fontId: number(attributes.fontId),
          fillId: number(attributes.fillId),
          horizontal: null,
          vertical: null,
        });
      } else if (name === "alignment" && section === "cellXfs" && parent === "xf") {
        const xf = xfs[xfs.length - 1]!;
        xf.horizontal = attributes.horizontal ?? null;
        xf.vertical = attributes.vertical ?? null;
      }
      if (fonts.length + fills.length + xfs.length > 200_000) throw new Error("styles.xml holds more than 200,000 styles");
    },
    close(name) {
      path.pop();
      if (name === "font" && font && path.length === 2) {
        fonts.push(font);
        font = null;
      } else if (name === "fill" && fill && path.length === 2) {
        fills.push(fill.solid ? (fill.color ?? { indexed: 64 }) : null);
        fill = null;
      }
    },
  });
  return xfs.map((xf) => {
    const cellFont = fonts[xf.fontId];
    return {
      numFmt: formats.get(xf.numFmtId) ?? BUILT_IN_FORMATS[xf.numFmtId] ?? "General",
      fill: resolveColor(fills[xf.fillId] ?? undefined, theme),
      bold: cellFont?.bold ?? false,
      italic: cellFont?.italic ?? false,
      underline: cellFont?.underline ?? false,
      fontPoints: cellFont?.points ?? null,
      horizontal: xf.horizontal,
      vertical: xf.vertical,
    };
  });
}

/** The theme part's colour scheme (dk1, lt1, …, each srgbClr or sysClr's lastClr) by name. */
export async function readThemeColors(zip: yauzl.ZipFile, entry: yauzl.Entry | undefined): Promise<Map<string, string>> {
  const colors = new Map<string, string>();
  if (!entry) return colors;
  let scheme = false;
  let current: string | null = null;
  await readXml(zip, entry, FORMAT_LIMITS.xlsxPartBytes, {
    open(name, attributes) {
      if (name === "clrScheme") scheme = true;
      else if (scheme && current === null) current = name;
      else if (scheme && current && !colors.has(current)) {
        const value = name === "srgbClr" ? attributes.val : name === "sysClr" ? attributes.lastClr : undefined;
        if (value && /^[0-9a-f]{6}$/i.test(value)) colors.set(current, value.toUpperCase());
      }
    },
    close(name) {
      if (name === "clrScheme") scheme = false;
      else if (name === current) current = null;
    },
  });
  return colors;
}
