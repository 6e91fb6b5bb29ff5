"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { callApi, type ApiResult } from "@/components/http/call-api";
import type { SnapPage } from "./dashboard-types";

export interface LoadedPage {
  /** The API query string this result answers. */
  key: string;
  result: ApiResult<SnapPage>;
}

interface Loaded extends LoadedPage {
  version: number;
}

/**
 * The page of snaps for the query string `key`: the server's first render, then fetched from
 * GET /api/v1/workspace/snaps whenever the key changes or reload() is called. While a new key
 * loads, page is null; a reload keeps showing the previous result (refreshing is true).
 */
export function useSnapPage(key: string, initial: LoadedPage) {
  const [loaded, setLoaded] = useState<Loaded>({ ...initial, version: 0 });
  const [version, setVersion] = useState(0);
  const latest = useRef<Loaded>(loaded);

  useEffect(() => {
    if (latest.current.key === key && latest.current.version === version) return;
    const controller = new AbortController();
    callApi<SnapPage>(`/api/v1/workspace/snaps${key ? `?${key}` : ""}`, { signal: controller.signal })
      .then((result) => {
        latest.current = { key, version, result };
        setLoaded(latest.current);
      })
      .catch(() => {
        // Aborted: the query changed again or the page went away.
      });
    return () => controller.abort();
  }, [key, version]);

  const reload = useCallback(() => setVersion((current) => current + 1), []);
  const current = loaded.key === key ? loaded : null;
  return { result: current?.result ?? null, refreshing: current !== null && current.version !== version, reload };
}
