import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { parseQuery } from "@/lib/http/parse";
import { json, withPrincipal } from "@/lib/http/route";
import { listWorkspaceSnaps } from "@/lib/snaps/list-workspace-snaps";
import { workspaceSnapsQuerySchema } from "@/lib/snaps/snap-schemas";

export const GET = withPrincipal(async (request, { principal }) =>
  json(await listWorkspaceSnaps(principal, parseQuery(request, workspaceSnapsQuerySchema))),
);

export const POST = methodNotAllowed(["GET"]);
export const PUT = methodNotAllowed(["GET"]);
export const PATCH = methodNotAllowed(["GET"]);
export const DELETE = methodNotAllowed(["GET"]);
