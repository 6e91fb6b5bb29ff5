"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { callApi } from "@/components/http/call-api";
import { useBoardCopy } from "@/components/offline/use-board-copy";
import { rememberRecentBoard } from "@/components/search/recent-boards";
import { Toast } from "@/components/ui/toast";
import { BoardCanvas, type BoardCanvasProps } from "./canvas/board-canvas";
import type { RemoteEditor } from "./canvas/board-card";
import { BoardHeader } from "./header/board-header";
import { BoardStore } from "./state/board-store";
import { BoardSync } from "./live/board-sync";
import { changeQueueFor } from "@/components/device/change-queue";
import type { BoardAccess } from "./state/board-types";
import { boardFontFamily } from "./canvas/board-font";
import { cardIndex } from "./grid/card-index";
import { canvasBackground } from "./canvas/card-style";
import { ConnectBanner } from "./canvas/connect-banner";
import { SelectedCommentsPanel } from "./comments/selected-comments-panel";
import { useComments } from "./comments/use-comments";
import { BoardInspector } from "./inspector/board-inspector";
import { BoardGoneDialog } from "./dialogs/board-gone-dialog";
import { ConfirmDialog } from "./dialogs/confirm-dialog";
import { ShareDialog } from "./dialogs/share-dialog";
import { SnapSettingsDialog } from "./dialogs/snap-settings-dialog";
import { HistoryPanel } from "./history/history-panel";
import { PreviewBanner } from "./history/preview-banner";
import { PreviewCanvas } from "./history/preview-canvas";
import { useSnapHistory } from "./history/use-snap-history";
import { restoreSnapVersion, useVersionPreview } from "./history/use-version-preview";
import { SelectionStore, useSelection } from "./state/selection-store";
import type { RestOfBoard } from "./grid/rest-of-board";
import { unpackBoardDoc, type PackedBoardDoc } from "./state/to-board-doc";
import { useBoardActions } from "./state/use-board-actions";
import { useSaveOnLeave } from "./live/use-save-on-leave";
import { usePresenceReport } from "./live/use-presence-report";
import { useRestOfBoard } from "./grid/use-rest-of-board";
import { useSnapEvents } from "./live/use-snap-events";
import { useBoardFileInput } from "./files/use-board-file-input";
import { viewerColor } from "./live/viewer-color";
import { useBoardZoom } from "./zoom/use-board-zoom";
import { FindBar, type FoundCards } from "./find/find-bar";
import { ZoomControls, useZoomView } from "./zoom/zoom-controls";
import { ZoomStore } from "./zoom/zoom-store";
import { MultiCardLayer } from "./multi/multi-card-layer";
import { CommandHost } from "./commands/command-host";

interface BoardEditorProps {
  initialDoc: PackedBoardDoc;
  /** The snap version initialDoc is at: the live stream resumes from it. */
  initialVersion: number;
  access: BoardAccess;
  /** The cards initialDoc leaves out (it holds the first window's), still on their way; null when it holds them all. */
  rest: RestOfBoard | null;
  /** The card to select and scroll to on opening (`?card=`, as search links), by its server id. */
  focusCardId?: string | null;
  /** The signed-in user (the Comments panel: their own comments' Edit). */
  viewerId: string;
  /** `?comment=`: the comment whose thread opens with the board. */
  focusCommentId?: string | null;
}

/**
 * The board page's client side: header, grid and inspector over one BoardStore. Readers get the
 * same board with no edit controls at all.
 */
export function BoardEditor({
  initialDoc,
  initialVersion,
  access: initialAccess,
  rest,
  focusCardId = null,
  viewerId,
  focusCommentId = null,
}: BoardEditorProps) {
  const [store] = useState(() => {
    const doc = unpackBoardDoc(initialDoc);
    const queue = changeQueueFor(viewerId);
    return new BoardStore(doc, (events) => new BoardSync(doc.snap.id, doc, events, { queue }), initialVersion, rest !== null);
  });
  const loadingExtent = useRestOfBoard(rest, { receive: store.receiveRest, complete: store.restComplete, fail: store.restFailed });
  const doc = useSyncExternalStore(store.subscribe, store.getDoc, store.getDoc);
  const status = useSyncExternalStore(store.subscribe, store.getSaveState, store.getSaveState);
  const history = useSyncExternalStore(store.subscribe, store.getHistory, store.getHistory);
  const notice = useSyncExternalStore(store.subscribe, store.getNotice, store.getNotice);
  const comments = useComments(initialDoc.snap.id);
  const live = useSnapEvents(store, initialDoc.snap.id, comments);
  // The role the page was opened with, until the stream says it changed (a member's role lowered).
  const access = live.access ?? initialAccess;
  const editable = access === "edit" || access === "manage";
  const [selections] = useState(() => new SelectionStore());
  const [dialog, setDialog] = useState<"settings" | "share" | "delete" | null>(null);
  const { actions, editingId, editing, connect, removal, setRemoval, menuAt, closeMenu } = useBoardActions(store, editable, selections.set, selections.get);
  const rootRef = useRef<HTMLDivElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [zoomStore] = useState(() => new ZoomStore(initialDoc.snap.id));
  const router = useRouter();
  // A commenter's board is read-only with the comments open, as that is what they are there for.
  const [commentsOpen, setCommentsOpen] = useState(focusCommentId !== null || initialAccess === "comment");
  // A notification followed while on this board changes ?comment= without a new page: its thread opens too.
  const [commentsOpenedFor, setCommentsOpenedFor] = useState(focusCommentId);
  if (focusCommentId !== commentsOpenedFor) {
    setCommentsOpenedFor(focusCommentId);
    if (focusCommentId !== null) setCommentsOpen(true);
  }
  const focusThreadId = useFocusedThread(comments, focusCommentId, (cardId) => selections.set({ kind: "card", id: store.sync.localIdOf(cardId) }));
  const commentCounts = useMemo(() => {
    const counts = new Map<string, number>();
    for (const [cardId, count] of comments.countsByCard) counts.set(store.sync.localIdOf(cardId), count);
    return counts;
  }, [store, comments.countsByCard]);
  const [inspectorFocused, setInspectorFocused] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const preview = useVersionPreview(initialDoc.snap.id);
  const zoom = useBoardZoom(zoomStore, scrollerRef, preview.version === null);
  const [find, setFind] = useState({ open: false, signal: 0 });
  const [found, setFound] = useState<FoundCards | null>(null);
  const [commandHost] = useState(() => new CommandHost(true));
  useEffect(() => commandHost.setEditor(actions), [commandHost, actions]);
  useEffect(() => commandHost.provide({ openFind: () => setFind((current) => ({ open: true, signal: current.signal + 1 })) }), [commandHost]);
  // A past version on screen: the board's zoom keys are off, as its gestures are.
  const zoomKeys = preview.version === null;
  useEffect(() => (zoomKeys ? commandHost.provide({ zoom }) : undefined), [commandHost, zoom, zoomKeys]);
  const closeFind = () => {
    setFind((current) => ({ ...current, open: false }));
    // Back to the board: its tab stop is the card the bar selected, or the one it started from.
    scrollerRef.current?.querySelector<HTMLElement>('[role="grid"] [tabindex="0"]')?.focus({ preventScroll: true });
  };
  const snapHistory = useSnapHistory(initialDoc.snap.id, store.remote.version, historyOpen);
  const closeHistory = () => {
    setHistoryOpen(false);
    preview.close();
  };

  useSaveOnLeave(store.sync, editable);
  // This person's copy on the device: the board opens from it without a network (docs/OFFLINE.md).
  useBoardCopy(store, viewerId, access, live.gone !== null);
  useBoardFileInput({ rootRef, snapId: initialDoc.snap.id, store, actions, selections, editable, commentCounts });

  useEffect(() => {
    store.remote.setEditing(editingId);
  }, [store, editingId]);

  // The search dialog's "recently opened" list (this browser's only).
  useEffect(() => {
    rememberRecentBoard({ id: doc.snap.id, title: doc.snap.title });
  }, [doc.snap.id, doc.snap.title]);

  useEffect(() => {
    // The moment the board takes input: what the 20 x 20 measurement in tests/e2e reads.
    performance.mark("board-interactive");
    rootRef.current?.setAttribute("data-ready", "true");
  }, []);

  // Focus in the inspector is editing the selected card (read only then: the editor does not follow the selection).
  const inspectedCardId = useSyncExternalStore(
    selections.subscribe,
    () => {
      const selection = selections.get();
      return inspectorFocused && selection?.kind === "card" ? selection.id : null;
    },
    () => null,
  );
  const editingCard = editingId ?? (inspectedCardId && cardIndex(doc.cards).has(inspectedCardId) ? inspectedCardId : null);
  usePresenceReport(initialDoc.snap.id, live.connectionId, editingCard ? (store.sync.serverIdOf(editingCard) ?? null) : null);

  const remoteEditors = useMemo(() => {
    const editors = new Map<string, RemoteEditor>();
    for (const viewer of live.viewers) {
      if (viewer.editingCardId)
        editors.set(store.sync.localIdOf(viewer.editingCardId), { name: viewer.name, initials: viewer.initials, color: viewerColor(viewer.userId) });
    }
    return editors;
  }, [store, live.viewers]);
  const leave = useCallback(() => {
    router.push("/");
    router.refresh();
  }, [router]);

  return (
    // Fixed under the app's 65 px top bar: the board fills the window and scrolls inside itself.
    <div ref={rootRef} data-board-root className="fixed inset-x-0 top-[65px] bottom-0 z-20 flex flex-col bg-slate-50">
      <BoardHeader
        snap={doc.snap}
        access={access}
        status={status}
        canUndo={history.canUndo}
        canRedo={history.canRedo}
        connecting={connect.active}
        connection={live.connection}
        viewers={live.viewers}
        onUndo={actions.undo}
        onRedo={actions.redo}
        onToggleConnect={actions.toggleConnect}
        onRename={actions.renameSnap}
        onOpenSettings={() => setDialog("settings")}
        onOpenShare={() => setDialog("share")}
        historyOpen={historyOpen}
        onToggleHistory={() => (historyOpen ? closeHistory() : setHistoryOpen(true))}
        commentsOpen={commentsOpen}
        onToggleComments={() => setCommentsOpen((open) => !open)}
      />
      {preview.version !== null && (
        <PreviewBanner
          version={preview.version}
          ready={preview.doc !== null}
          canRestore={editable}
          onRestore={() => setRestoring(true)}
          onBack={preview.close}
        />
      )}
      {connect.active && <ConnectBanner hasSource={connect.fromId !== null} onCancel={actions.cancelConnect} />}
      <div className="relative flex min-h-0 flex-1">
        {preview.doc && <PreviewCanvas doc={preview.doc} />}
        <div hidden={preview.version !== null} className="relative min-w-0 flex-1">
          <div
            ref={scrollerRef}
            data-board-scroller
            // A press on the scroller around the canvas clears the selection (the canvas handles its own).
            onPointerDown={(event) => event.target === event.currentTarget && event.button === 0 && selections.set(null)}
            className="absolute inset-0 touch-pan-x touch-pan-y overflow-auto overscroll-contain bg-slate-50"
            style={{ backgroundColor: canvasBackground(doc.snap.canvasBackgroundColor), fontFamily: boardFontFamily(doc.snap.fontFamily) }}
          >
            <SelectedCanvas
              selections={selections}
              doc={doc}
              loadingExtent={loadingExtent}
              editable={editable}
              editingId={editingId}
              editMode={editing.mode}
              typedText={editing.text}
              connecting={connect.active}
              connectFromId={connect.fromId}
              remoteEditors={remoteEditors}
              commentCounts={commentCounts}
              found={found}
              actions={actions}
              revealCardId={focusCardId ? store.sync.localIdOf(focusCardId) : null}
              zoomStore={zoomStore}
              commandHost={commandHost}
            />
          </div>
          <ZoomControls store={zoomStore} controls={zoom} />
          {find.open && (
            <FindBar doc={doc} scrollerRef={scrollerRef} select={actions.select} onClose={closeFind} focusSignal={find.signal} onFound={setFound} />
          )}
        </div>
        {historyOpen && (
          <HistoryPanel
            history={snapHistory}
            previewVersion={preview.version}
            currentVersion={store.remote.version}
            onSelect={(version) => (version === preview.version ? preview.close() : preview.show(version))}
            onClose={closeHistory}
          />
        )}
        {commentsOpen && (
          <SelectedCommentsPanel
            doc={doc}
            selections={selections}
            serverIdOf={store.sync.serverIdOf}
            comments={comments}
            viewerId={viewerId}
            manages={access === "manage"}
            canComment={access !== "read"}
            focusThreadId={focusThreadId}
            onClose={() => setCommentsOpen(false)}
            onError={(message) => store.notify(message, "error")}
          />
        )}
        {editable && <MultiCardLayer store={store} selections={selections} actions={actions} commandHost={commandHost} menuAt={menuAt} closeMenu={closeMenu} />}
        {!historyOpen && (
          <BoardInspector
            doc={doc}
            selections={selections}
            actions={actions}
            onFocusChange={setInspectorFocused}
            sheetHidden={commentsOpen}
            readOnly={!editable}
          />
        )}
      </div>

      {editable && (
        <SnapSettingsDialog
          open={dialog === "settings"}
          onClose={() => setDialog(null)}
          snap={doc.snap}
          canDelete={access === "manage"}
          onSaved={(snap) => {
            store.snapSaved(snap);
            setDialog(null);
            store.notify("Settings saved");
          }}
          onDeleteRequest={() => setDialog("delete")}
        />
      )}
      {access === "manage" && (
        <>
          <ShareDialog open={dialog === "share"} onClose={() => setDialog(null)} snap={doc.snap} onSaved={(snap) => store.snapSaved(snap)} />
          <ConfirmDialog
            open={dialog === "delete"}
            title={`Delete “${doc.snap.title}”?`}
            description="The board, its cards and its lines are deleted for everyone who can see it. This cannot be undone."
            confirmLabel="Delete snap"
            onClose={() => setDialog(null)}
            onConfirm={async () => {
              const result = await callApi(`/api/snaps/${doc.snap.id}`, { method: "DELETE" });
              if (!result.ok && result.status !== 404) return result.error.message;
              router.push("/");
              router.refresh();
              return null;
            }}
          />
        </>
      )}
      {editable && (
        <ConfirmDialog
          open={removal !== null}
          title={removal ? `Remove ${removal.axis === "row" ? "row" : "column"} ${removal.index + 1}?` : "Remove?"}
          description={
            removal
              ? `${removal.count} card${removal.count === 1 ? "" : "s"} with content ${removal.count === 1 ? "is" : "are"} in it and will be deleted. You can undo this with Ctrl+Z.`
              : ""
          }
          confirmLabel={removal?.axis === "col" ? "Remove column" : "Remove row"}
          onClose={() => setRemoval(null)}
          onConfirm={() => {
            if (removal) actions.confirmRemoval(removal);
          }}
        />
      )}
      {editable && (
        <ConfirmDialog
          open={restoring}
          title={`Restore version ${preview.version ?? ""}?`}
          description="Cards, lines and the snap's content go back to how they were at that version, for everyone. It is a new version of its own: Undo restores the one before it."
          confirmLabel="Restore this version"
          onClose={() => setRestoring(false)}
          onConfirm={async () => {
            const version = preview.version;
            const result = await preview.restore();
            if ("error" in result) return result.error;
            setRestoring(false);
            // One step to undo (restoring the version just before the restore's own); nothing older reaches across it.
            if (version !== null) {
              store.restored(result.version - 1, version, async (next) => {
                const again = await restoreSnapVersion(initialDoc.snap.id, next);
                return "error" in again ? again.error : null;
              });
            }
            store.notify(`Restored version ${version}`);
            return null;
          }}
        />
      )}
      {preview.error && <Toast message={preview.error} tone="error" onDismiss={preview.close} />}
      <BoardGoneDialog message={live.gone} onLeave={leave} />
      <Toast message={notice?.message ?? null} tone={notice?.tone} onDismiss={store.dismissNotice} placement="board" />
    </div>
  );
}

/** The canvas with the editor's selection and zoom: a new selection or zoom renders this, not the editor around it. */
function SelectedCanvas({ selections, zoomStore, ...props }: Omit<BoardCanvasProps, "selection"> & { selections: SelectionStore; zoomStore: ZoomStore }) {
  return <BoardCanvas {...props} selection={useSelection(selections)} zoomView={useZoomView(zoomStore)} liveZoom={zoomStore} />;
}

/**
 * `?comment=ID`: once the comments are in, the thread holding that comment (its root), with its card
 * selected so that the panel shows it. Null when there is none (or it is gone).
 */
function useFocusedThread(comments: ReturnType<typeof useComments>, commentId: string | null, selectCard: (cardId: string) => void): string | null {
  // Once per ?comment= value: a later one (a notification followed on this board) selects its card too.
  const handledFor = useRef<string | null>(null);
  const target = commentId ? comments.comments.find((comment) => comment.id === commentId) : undefined;
  const rootId = target ? (target.parentId ?? target.id) : null;
  const root = rootId ? comments.comments.find((comment) => comment.id === rootId) : undefined;
  useEffect(() => {
    if (!root || handledFor.current === commentId) return;
    handledFor.current = commentId;
    if (root.cardId) selectCard(root.cardId);
  }, [root, commentId, selectCard]);
  return rootId;
}
