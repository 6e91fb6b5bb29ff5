import "server-only";
import type { Principal } from "@/lib/request/principal";
import { runTransaction, type Tx } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { assertIfMatch, type IfMatch } from "@/lib/http/etag";
import { snapHistoryOf } from "@/lib/history/record-snap-history";
import { historyChangeOf, type HistoryChange } from "@/lib/history/history-change";
import { recordSnapChanges } from "@/lib/live/record-snap-changes";
import { fieldsSet, type SnapChange } from "@/lib/live/snap-change";
import { currentSnapWrite } from "@/lib/request/snap-write-context";
import { actorOf } from "@/lib/live/write-actor";
import { assertSnapAccess } from "@/lib/board-model/snap-access";
import type { CardView } from "@/lib/board-model/card-selects";
import type { SnapChanges } from "@/lib/board-model/change-schemas";
import { cardEvents, cardsDeletedEvent } from "@/lib/events/feed-event-inputs";
import { feedEvents } from "@/lib/events/record-feed-events";
import { snapEtag } from "./snap-etag";
import { applyCardUpdates } from "@/lib/cards/apply-card-updates";
import { assertBatchEditable } from "@/lib/cards/assert-batch-editable";
import { assertNoOverlap } from "@/lib/cards/assert-no-overlap";
import { deleteCards } from "@/lib/cards/delete-cards";
import { insertCards } from "@/lib/cards/insert-cards";
import { lockCardLines } from "@/lib/cards/lock-card-lines";
import { lockCards } from "@/lib/cards/lock-cards";
import { lockChangeSnap } from "./lock-change-snap";
import { assertCardAttachments } from "@/lib/files/assert-card-attachments";
import { readMissing, readOverwritten, type MissingCard, type OverwrittenField } from "./read-merge-report";

/** What a change answers (snapChangesResponseSchema): the cards as it left them. */
export interface SnapChangesResult {
  version: number;
  created: CardView[];
  updated: CardView[];
  deleted: string[];
  /** Fields set over someone else's write made since the change's Base-Version (docs/API.md, "Changes"). */
  overwritten: OverwrittenField[];
  /** With skipMissing: the cards named that are no longer in the snap, left out. */
  missing: MissingCard[];
}

/**
 * POST /api/snaps/:id/changes: cards created, updated and deleted in one transaction, recorded as
 * ONE change of the snap: one version, one live event, one history entry, one feed event per kind
 * (docs/API.md, "Changes"). All or nothing. The statements do not depend on the number of items:
 * lock the named cards and their lines, lock the snap (access, If-Match, baseVersion), delete,
 * update, insert, read back the cells the placed cards cover for the overlap check, record.
 */
export async function applySnapChanges(
  principal: Principal,
  snapId: string,
  changes: SnapChanges,
  { ifMatch }: { ifMatch?: IfMatch } = {},
): Promise<SnapChangesResult> {
  return runTransaction((tx) => applySnapChangesIn(tx, principal, snapId, changes, { ifMatch }));
}

/** The same inside a transaction the caller holds (a range write reads its cells first). */
export async function applySnapChangesIn(
  tx: Tx,
  principal: Principal,
  snapId: string,
  { create = [], update: namedUpdate = [], delete: namedDeletes = [], baseVersion, skipMissing = false }: SnapChanges,
  { ifMatch }: { ifMatch?: IfMatch } = {},
): Promise<SnapChangesResult> {
  // Conditional or not, the version the change was made against goes with its live event, as a
  // Base-Version header would (docs/API.md, "Changes", Conditional).
  const context = currentSnapWrite();
  if (context && context.baseVersion === null && baseVersion !== undefined) context.baseVersion = baseVersion;

  const named = [...namedUpdate.map((item) => item.id), ...namedDeletes];
  const cards = named.length ? await lockCards(tx, named, namedDeletes.length ? "delete" : "update") : new Map();
  // skipMissing: what is not a card of this snap (deleted meanwhile) is left out, and said.
  const present = (id: string) => !skipMissing || cards.get(id)?.snapId === snapId;
  const update = namedUpdate.filter((item) => present(item.id));
  const deletes = namedDeletes.filter(present);
  const updateIndex = namedUpdate.flatMap((item, index) => (present(item.id) ? [index] : []));
  const lineIds = await lockCardLines(
    tx,
    deletes.filter((id) => cards.get(id)?.snapId === snapId),
  );
  const snap = await lockChangeSnap(tx, snapId);
  if (!snap) throw new ApiError("NOT_FOUND", "Snap not found");
  assertSnapAccess(principal, snap.facts, "edit");
  assertIfMatch(ifMatch, snapEtag(snap.etagOf), "snap");
  if (baseVersion !== undefined && baseVersion !== snap.version) {
    throw new ApiError(
      "PRECONDITION_FAILED",
      `The snap changed since you read it: it is at version ${snap.version}, not baseVersion ${baseVersion}; read it again`,
      [{ path: "baseVersion", message: `The snap is at version ${snap.version}` }],
    );
  }
  // A card of another snap is not found in this one (its existence elsewhere is not told).
  const inThisSnap = (id: string) => (cards.get(id)?.snapId === snapId ? snap.facts : undefined);
  assertBatchEditable(
    principal,
    [...update.map((item) => inThisSnap(item.id)), ...deletes.map(inThisSnap)],
    (index) => (index < update.length ? `update.${index}.id` : `delete.${index - update.length}`),
    "Card",
  );
  const missing = skipMissing
    ? await readMissing(
        tx,
        snapId,
        named.filter((id) => cards.get(id)?.snapId !== snapId),
      )
    : [];
  // A range write that finds every cell already as asked changes nothing, and moves no version.
  if (create.length + update.length + deletes.length === 0) return { version: snap.version, created: [], updated: [], deleted: [], overwritten: [], missing };
  // A Base-Version note older than the snap: what others wrote since, this change may overwrite.
  const note = context?.baseVersion ?? null;
  const overwritten = note !== null && note < snap.version ? await readOverwritten(tx, snapId, note, principal.userId, update) : [];

  await assertCardAttachments(
    [
      ...create.map((card, index) => ({ snapId, attachments: card.attachments, path: `create.${index}.` })),
      ...update.map((card, index) => ({ snapId, attachments: card.attachments, path: `update.${updateIndex[index]}.` })),
    ],
    tx,
  );
  await deleteCards(tx, deletes, lineIds);
  const updated = update.length ? await applyCardUpdates(tx, update) : [];
  const created = create.length
    ? await insertCards(
        tx,
        create.map((card) => ({ ...card, snapId })),
      )
    : [];
  await assertNoOverlap(tx, snapId, [
    ...created.map((card, index) => ({ card, path: `create.${index}` })),
    ...updated.flatMap((card, index) => (movesOrResizes(update[index]!) ? [{ card, path: `update.${updateIndex[index]}` }] : [])),
  ]);

  const applied: Applied = { snapId, create, created, update, updated, deletes, lineIds };
  const versions = await recordSnapChanges(
    tx,
    actorOf(principal),
    [liveChange(applied)],
    [
      snapHistoryOf([{ snapId, change: historyOf(applied) }]),
      feedEvents([
        ...cardEvents("cards.created", created),
        ...cardEvents("cards.updated", updated),
        ...(deletes.length ? [cardsDeletedEvent(snapId, [...deletes], lineIds)] : []),
      ]),
    ],
  );
  return { version: versions.get(snapId)!, created, updated, deleted: [...deletes], overwritten, missing };
}

const GEOMETRY = ["row", "col", "rowSpan", "colSpan"] as const;
const movesOrResizes = (item: object) => GEOMETRY.some((field) => field in item);

function fieldsById(cards: readonly CardView[], items: readonly object[]): Record<string, string[]> {
  return Object.fromEntries(cards.map((card, index) => [card.id, fieldsSet(items[index] ?? {})]));
}

/** What the change did, item lists beside the rows they wrote (in the same order). */
interface Applied {
  snapId: string;
  create: readonly object[];
  created: readonly CardView[];
  update: readonly object[];
  updated: readonly CardView[];
  deletes: readonly string[];
  lineIds: readonly string[];
}

function liveChange({ snapId, create, created, update, updated, deletes, lineIds }: Applied): SnapChange {
  const change: SnapChange = { snapId, cardFields: { ...fieldsById(created, create), ...fieldsById(updated, update) } };
  if (deletes.length) change.deletedCardIds = [...deletes];
  if (lineIds.length) change.deletedLineIds = [...lineIds];
  return change;
}

/** History keeps the new values: whole cards created, the fields set on those updated, the ids deleted. */
function historyOf({ snapId, create, created, update, updated, deletes, lineIds }: Applied): HistoryChange {
  const withDeletes: SnapChange = { snapId, cardFields: fieldsById(updated, update), deletedCardIds: [...deletes], deletedLineIds: [...lineIds] };
  return {
    ...historyChangeOf(withDeletes, { cards: updated }),
    ...historyChangeOf({ snapId, cardFields: fieldsById(created, create) }, { cards: created, created: true }),
  };
}
