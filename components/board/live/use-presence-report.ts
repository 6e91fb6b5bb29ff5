"use client";

import { useEffect, useRef } from "react";
import { callApi } from "@/components/http/call-api";

/** Focus moving from the inline editor to the inspector should not report a gap in between. */
const SETTLE_MS = 150;

/**
 * Tells the others which card this tab is editing (PUT /api/snaps/:id/presence), whenever that
 * changes: the inline editor is open or the inspector has focus. editingCardId is the server's id.
 */
export function usePresenceReport(snapId: string, connectionId: string | null, editingCardId: string | null): void {
  const reported = useRef<string | null>(null);

  useEffect(() => {
    // A new stream starts with no card being edited; only a change from that needs saying.
    reported.current = null;
  }, [connectionId]);

  useEffect(() => {
    if (!connectionId || reported.current === editingCardId) return;
    const timer = setTimeout(() => {
      reported.current = editingCardId;
      void callApi(`/api/snaps/${snapId}/presence`, { method: "PUT", body: { connectionId, editingCardId } });
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [snapId, connectionId, editingCardId]);
}
