import type { Principal } from "@/lib/request/principal";
import { createSnap } from "@/lib/snaps/create-snap";
import type { SnapDetail } from "@/lib/board-model/find-snap-detail";
import { createSnapFromTemplate } from "./create-snap-from-template";
import type { SnapCreateBody } from "./parse-snap-create-body";

/** POST /api/snaps: an empty grid, or a template's board (lib/templates/parse-snap-create-body.ts). */
export async function createSnapFromBody(principal: Principal, body: SnapCreateBody): Promise<SnapDetail> {
  return "blank" in body ? createSnap(principal, body.blank) : createSnapFromTemplate(principal, body.fromTemplate);
}
