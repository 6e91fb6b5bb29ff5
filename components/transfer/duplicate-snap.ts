import { callApi, type ApiResult } from "@/components/http/call-api";

/** POST /api/snaps/:id/duplicate: the copy's id, or the error to show. */
export function duplicateSnap(snapId: string): Promise<ApiResult<{ snap: { id: string; title: string } }>> {
  return callApi(`/api/snaps/${encodeURIComponent(snapId)}/duplicate`, { method: "POST", body: {} });
}
