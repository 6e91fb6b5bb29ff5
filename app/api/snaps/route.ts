import { json, withPrincipal } from "@/lib/http/route";
import { listOwnSnaps } from "@/lib/snaps/list-own-snaps";

export const GET = withPrincipal(async (_request, { principal }) => json({ snaps: await listOwnSnaps(principal) }));
