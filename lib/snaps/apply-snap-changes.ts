import "server-only";
import type { Principal } from "@/lib/request/principal";
import { runTransaction, type Tx } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { assertIfMatch, type IfMatch } from "@/lib/http/etag";
import { snapHistoryOf } from "@/lib/history/record-snap-history";
import { recordSnapChanges } from "@/lib/live/record-snap-changes";
import { currentSnapWrite } from "@/lib/request/snap-write-context";
import { actorOf } from "@/lib/live/write-actor";
import { assertSnapAccess } from "@/lib/board-model/snap-access";
import type { CardView } from "@/lib/board-model/card-selects";
import type { SnapChanges } from "./change-schemas";
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
import { checkLineChanges, lineEndIds, lockNamedLines, writeLineChanges, type LineResults } from "@/lib/lines/apply-line-changes";
import { assertSnapUpdateAllowed, writeSnapFields, type SnapFields } from "./write-snap-fields";
import { feedEventsOfChange, historyOfChange, liveChangeOf, type AppliedChange } from "./snap-change-record";

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
  /** When the change had `lines`. */
  lines?: LineResults;
  /** When the change set snap fields: the snap's fields as it left them. */
  snap?: SnapFields;
}

/**
 * POST /api/snaps/:id/changes: cards created, updated and deleted, lines and snap fields, in one
 * transaction, recorded as ONE change of the snap: one version, one live event, one history entry,
 * one feed event per kind (docs/API.md, "Changes"). All or nothing. The statements do not depend on
 * the number of items: lock the named cards (and the cards new lines join) and their lines, the
 * named lines, the snap (access, If-Match, baseVersion), delete, update, insert, read back the
 * cells the placed cards cover for the overlap check, write the lines and the snap fields, record.
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
  { create = [], update: namedUpdate = [], delete: namedDeletes = [], lines, snap: snapInput, baseVersion, skipMissing = false }: SnapChanges,
  { ifMatch }: { ifMatch?: IfMatch } = {},
): Promise<SnapChangesResult> {
  // Conditional or not, the version the change was made against goes with its live event, as a
  // Base-Version header would (docs/API.md, "Changes", Conditional).
  const context = currentSnapWrite();
  if (context && context.baseVersion === null && baseVersion !== undefined) context.baseVersion = baseVersion;

  if (snapInput) assertSnapUpdateAllowed(principal, snapInput, "snap.");
  const named = [...namedUpdate.map((item) => item.id), ...namedDeletes];
  const locked = [...named, ...lineEndIds(lines)];
  const cards = locked.length ? await lockCards(tx, locked, namedDeletes.length ? "delete" : "update") : new Map();
  // skipMissing: what is not a card of this snap (deleted meanwhile) is left out, and said.
  const present = (id: string) => !skipMissing || cards.get(id)?.snapId === snapId;
  const update = namedUpdate.filter((item) => present(item.id));
  const deletes = namedDeletes.filter(present);
  const updateIndex = namedUpdate.flatMap((item, index) => (present(item.id) ? [index] : []));
  const lineIds = await lockCardLines(
    tx,
    deletes.filter((id) => cards.get(id)?.snapId === snapId),
  );
  const lineSnapOf = await lockNamedLines(tx, lines);
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
  const lineWrites = checkLineChanges(lines, {
    snapId,
    lineSnapOf,
    cardSnapOf: (id) => cards.get(id)?.snapId,
    goneWithCards: new Set(lineIds),
    skipMissing,
  });
  // A range write that finds every cell already as asked changes nothing, and moves no version.
  const lineCount = lineWrites.create.length + lineWrites.update.length + lineWrites.delete.length;
  if (create.length + update.length + deletes.length + lineCount === 0 && Object.keys(snapInput ?? {}).length === 0) {
    return {
      version: snap.version,
      created: [],
      updated: [],
      deleted: [],
      overwritten: [],
      missing,
      ...(lines ? { lines: { created: [], updated: [], deleted: [] } } : {}),
    };
  }
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

  const { created: createdLines, updated: updatedLines } = await writeLineChanges(
    tx,
    snapId,
    lineWrites,
    created.map((card) => card.id),
  );
  const snapWritten = snapInput ? await writeSnapFields(tx, principal, snapId, snapInput, { path: "snap." }) : null;

  const applied: AppliedChange = {
    snapId,
    create,
    created,
    update,
    updated,
    deletes,
    lineIds,
    createdLines,
    updatedLines,
    deletedLines: lineWrites.delete,
    snap: snapWritten?.changed ?? null,
  };
  const versions = await recordSnapChanges(
    tx,
    actorOf(principal),
    [liveChangeOf(applied)],
    [snapHistoryOf([{ snapId, change: historyOfChange(applied) }]), feedEvents(feedEventsOfChange(applied))],
  );
  const snapFields = await snapWritten?.recordAfter();
  return {
    version: versions.get(snapId)!,
    created,
    updated,
    deleted: [...deletes],
    overwritten,
    missing,
    ...(lines ? { lines: { created: createdLines, updated: updatedLines, deleted: [...lineWrites.delete, ...lineIds] } } : {}),
    ...(snapFields ? { snap: snapFields } : {}),
  };
}

const GEOMETRY = ["row", "col", "rowSpan", "colSpan"] as const;
const movesOrResizes = (item: object) => GEOMETRY.some((field) => field in item);
