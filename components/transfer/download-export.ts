import type { ApiErrorBody } from "@/components/http/call-api";

export type ExportFormat = "json" | "zip" | "csv" | "csv-grid" | "png" | "svg";

/**
 * A .snap.zip download: the browser saves the server's stream straight to disk (the files may weigh
 * hundreds of megabytes, more than a page should hold), under the server's file name.
 */
export function downloadArchive(snapId: string): void {
  const link = document.createElement("a");
  link.href = `/api/snaps/${encodeURIComponent(snapId)}/export?format=zip`;
  link.download = "";
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Fetches an export and saves it under the server's file name. Through fetch rather than a plain
 * link, so a refusal (a picture too large, access lost) is shown in the app instead of a JSON page.
 */
export async function downloadExport(snapId: string, format: ExportFormat): Promise<{ ok: true; filename: string } | { ok: false; error: ApiErrorBody }> {
  let response: Response;
  try {
    response = await fetch(`/api/snaps/${encodeURIComponent(snapId)}/export?format=${format}`, { cache: "no-store" });
  } catch {
    return { ok: false, error: { code: "NETWORK", message: "Could not reach the server. Check your connection and try again." } };
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: ApiErrorBody } | null;
    return { ok: false, error: body?.error ?? { code: "UNKNOWN", message: "The export failed. Please try again." } };
  }
  const filename = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? `snap.${format}`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL can go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { ok: true, filename };
}
