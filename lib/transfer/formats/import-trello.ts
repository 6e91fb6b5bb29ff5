import type { Principal } from "@/lib/request/principal";
import { importOrCheckBoard } from "./import-or-check-board";
import { trelloToBoard } from "./trello-to-board";
import type { TrelloBoard } from "./trello-schemas";

/** POST /api/snaps/import/trello: a Trello board export (parsed by parseTrelloBoard) as a new snap with its comments. */
export async function importTrello(principal: Principal, board: TrelloBoard, query: { dryRun: boolean; archived: boolean }) {
  const { document, comments } = trelloToBoard(board, query);
  return importOrCheckBoard(principal, document, query, comments);
}
