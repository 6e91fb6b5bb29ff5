"use client";

import { useState } from "react";
import { callApi } from "@/components/http/call-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogIconBadge } from "@/components/ui/dialog";
import { CheckIcon, CopyIcon, GlobeIcon, ShareIcon, UsersIcon } from "@/components/ui/icons";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { Switch } from "@/components/ui/switch";
import type { BoardSnap } from "../state/board-types";
import { toBoardSnap } from "../state/to-board-doc";
import { SharePeople } from "./share-people";

type Sharing = Pick<BoardSnap, "sharedWithWorkspace" | "shareMode" | "isPublic">;

interface ShareDialogProps {
  open: boolean;
  onClose: () => void;
  snap: BoardSnap;
  onSaved: (snap: Partial<BoardSnap>) => void;
}

/** Sharing with people (by email, each with a role), with the workspace (view, comment or edit) and by public link; each change saves at once. */
export function ShareDialog({ open, onClose, snap, onSaved }: ShareDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      icon={
        <DialogIconBadge tone="indigo">
          <ShareIcon />
        </DialogIconBadge>
      }
      title={`Share “${snap.title}”`}
      description="Choose who else can open this board, and what they may do."
    >
      <ShareSettings snap={snap} onSaved={onSaved} onDone={onClose} />
    </Dialog>
  );
}

function ShareSettings({ snap, onSaved, onDone }: { snap: BoardSnap; onSaved: (snap: Partial<BoardSnap>) => void; onDone: () => void }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const link = snap.isPublic && snap.shareToken ? `${window.location.origin}/s/${snap.shareToken}` : null;
  const shared = snap.sharedWithWorkspace || snap.isPublic;

  async function save(patch: Partial<Sharing>) {
    setPending(true);
    setError(null);
    const result = await callApi<{ snap: BoardSnap & { rowHeights: unknown; colWidths: unknown } }>(`/api/snaps/${snap.id}`, { method: "PATCH", body: patch });
    setPending(false);
    if (result.ok) onSaved(toBoardSnap(result.data.snap));
    else setError(result.error.message);
  }

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard access (an insecure origin, a denied permission): select it for a manual copy.
      const field = document.getElementById("public-link-field") as HTMLInputElement | null;
      field?.select();
    }
  }

  return (
    <div className="space-y-5">
      {error && <Alert title="Couldn't change sharing">{error}</Alert>}

      <SharePeople snap={snap} />

      <section className="space-y-3 rounded-xl p-4 ring-1 ring-slate-200">
        <div className="flex items-start gap-3">
          <UsersIcon className="mt-0.5 size-5 shrink-0 text-slate-400" />
          <div className="min-w-0 flex-1">
            <Switch
              label="Share with your workspace"
              description="Members see it on their dashboard."
              checked={snap.sharedWithWorkspace}
              disabled={pending}
              onChange={(sharedWithWorkspace) => void save({ sharedWithWorkspace })}
            />
          </div>
        </div>
        {snap.sharedWithWorkspace && (
          <div className="flex flex-wrap items-center justify-between gap-2 pl-8">
            <span aria-hidden="true" className="text-sm text-slate-700">
              Members can
            </span>
            <SegmentedControl
              label="Members can"
              value={snap.shareMode}
              disabled={pending}
              onChange={(shareMode) => void save({ shareMode })}
              options={[
                { value: "view", label: "View" },
                { value: "comment", label: "Comment" },
                { value: "edit", label: "Edit" },
              ]}
            />
          </div>
        )}
      </section>

      <section className="space-y-3 rounded-xl p-4 ring-1 ring-slate-200">
        <div className="flex items-start gap-3">
          <GlobeIcon className="mt-0.5 size-5 shrink-0 text-slate-400" />
          <div className="min-w-0 flex-1">
            <Switch
              label="Public link"
              description="Anyone with the link can view, without signing in. Nobody can edit through it."
              checked={snap.isPublic}
              disabled={pending}
              onChange={(isPublic) => void save({ isPublic })}
            />
          </div>
        </div>
        {link && (
          <div className="flex gap-2 pl-8">
            <label htmlFor="public-link-field" className="sr-only">
              Public link
            </label>
            <input
              id="public-link-field"
              readOnly
              value={link}
              onFocus={(event) => event.currentTarget.select()}
              className="h-9 min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-2.5 font-mono text-xs text-slate-700"
            />
            <Button variant="secondary" size="sm" className="h-9!" onClick={() => void copy()}>
              {copied ? <CheckIcon className="size-4 text-emerald-600" /> : <CopyIcon className="size-4" />}
              {copied ? "Copied" : "Copy link"}
            </Button>
          </div>
        )}
      </section>

      <DialogActions>
        {shared && (
          <Button
            variant="ghost"
            className="text-red-600! hover:bg-red-50! sm:mr-auto"
            disabled={pending}
            onClick={() => void save({ sharedWithWorkspace: false, isPublic: false })}
          >
            Stop sharing
          </Button>
        )}
        <Button onClick={onDone}>Done</Button>
      </DialogActions>
    </div>
  );
}
