import { getSnapVersion } from "@/lib/history/get-snap-version";
import { parseVersionParam } from "@/lib/history/parse-version-param";
import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { HISTORY_OPERATIONS as operations } from "@/lib/operations/history-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.getSnapVersion, async ({ principal, params }) => ({
    snap: await getSnapVersion(principal, params.id, parseVersionParam(params.version)),
  })),
);
