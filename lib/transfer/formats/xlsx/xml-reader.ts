import "server-only";
import { Parser } from "htmlparser2";
import type yauzl from "yauzl";
import { readEntryPieces } from "../../checked-zip";

export interface XmlHandlers {
  /** An element opens: its local name (any namespace prefix dropped) and attributes (keys as written). */
  open?: (name: string, attributes: Record<string, string>) => void;
  /** Text inside the current element, entities decoded (may come in several pieces). */
  text?: (text: string) => void;
  close?: (name: string) => void;
}

const localName = (name: string) => name.slice(name.indexOf(":") + 1);

/**
 * A workbook part's XML read as it unpacks, within `limit` bytes (413 past it), through
 * htmlparser2's streaming parser in XML mode: nothing but the handlers' own state is kept, so a
 * sheet costs the cells it keeps, not its size. Never resolves external entities or DTDs (the
 * parser has no such feature), so a workbook cannot make the server read a file or a URL.
 */
export async function readXml(zip: yauzl.ZipFile, entry: yauzl.Entry, limit: number, handlers: XmlHandlers): Promise<void> {
  let failure: unknown = null;
  const guard =
    <A extends unknown[]>(handler: ((...args: A) => void) | undefined) =>
    (...args: A) => {
      if (failure || !handler) return;
      try {
        handler(...args);
      } catch (error) {
        failure = error;
      }
    };
  const parser = new Parser(
    {
      onopentag: guard((name: string, attributes: Record<string, string>) => handlers.open?.(localName(name), attributes)),
      ontext: guard((text: string) => handlers.text?.(text)),
      onclosetag: guard((name: string) => handlers.close?.(localName(name))),
    },
    { xmlMode: true, decodeEntities: true },
  );
  const decoder = new TextDecoder("utf-8");
  await readEntryPieces(zip, entry, limit, (piece) => {
    if (failure) throw failure;
    parser.write(decoder.decode(piece, { stream: true }));
  });
  parser.end(decoder.decode());
  if (failure) throw failure;
}

/** An attribute by its local name, whatever its prefix (`r:id`, `id`). */
export function attribute(attributes: Record<string, string>, name: string): string | undefined {
  if (name in attributes) return attributes[name];
  for (const key in attributes) if (localName(key) === name) return attributes[key];
  return undefined;
}
