import { decodeClipboard, OWN_MIME_TYPE, type Encoded, type Pasted } from "./clipboard-codec";

/**
 * The system clipboard. Ctrl+C, Ctrl+X and Ctrl+V go through the browser's copy, cut and paste
 * events (no permission asked, every type kept, the board's own one included); the context menu,
 * which has no such event, uses the asynchronous Clipboard API, where the own format travels
 * inside the HTML table.
 */

export function writeToEvent(event: ClipboardEvent, encoded: Encoded): void {
  event.preventDefault();
  event.clipboardData?.setData("text/plain", encoded["text/plain"]);
  event.clipboardData?.setData("text/html", encoded["text/html"]);
  event.clipboardData?.setData(OWN_MIME_TYPE, encoded[OWN_MIME_TYPE]);
}

export function readFromEvent(event: ClipboardEvent): Pasted | null {
  const data = event.clipboardData;
  if (!data) return null;
  return decodeClipboard({ own: data.getData(OWN_MIME_TYPE), html: data.getData("text/html"), text: data.getData("text/plain") });
}

/** Writes with the Clipboard API; false when the browser refuses. */
export async function writeToClipboard(encoded: Encoded): Promise<boolean> {
  try {
    await navigator.clipboard.write([
      new ClipboardItem({
        "text/plain": new Blob([encoded["text/plain"]], { type: "text/plain" }),
        "text/html": new Blob([encoded["text/html"]], { type: "text/html" }),
      }),
    ]);
    return true;
  } catch {
    return false;
  }
}

/** Reads with the Clipboard API: undefined when the browser refuses, null when it holds nothing usable. */
export async function readFromClipboard(): Promise<Pasted | null | undefined> {
  try {
    const items = await navigator.clipboard.read();
    let html: string | null = null;
    let text: string | null = null;
    for (const item of items) {
      if (html === null && item.types.includes("text/html")) html = await (await item.getType("text/html")).text();
      if (text === null && item.types.includes("text/plain")) text = await (await item.getType("text/plain")).text();
    }
    return decodeClipboard({ html, text });
  } catch {
    return undefined;
  }
}
