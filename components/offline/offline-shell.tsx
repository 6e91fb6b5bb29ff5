"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { BrandMark } from "@/components/app-shell/brand-mark";
import { BoardEditor } from "@/components/board/board-editor";
import { BoardCopies, type BoardCopy, type BoardCopyEntry } from "./board-copies";
import { readDeviceOwner, type DeviceOwner } from "./device-owner";
import { onDeviceForgotten } from "./forget-this-device";

type ShellState =
  | { kind: "loading" }
  | { kind: "signed-out" }
  | { kind: "board"; owner: DeviceOwner; copy: BoardCopy }
  | { kind: "boards"; owner: DeviceOwner; boards: BoardCopyEntry[]; missing: boolean };

/** `/snaps/<id>`: the board the person asked for; anything else shows the boards on the device. */
function requestedSnapId(pathname: string): string | null {
  return /^\/snaps\/([^/]+)\/?$/.exec(pathname)?.[1] ?? null;
}

async function readShellState(pathname: string): Promise<ShellState> {
  const owner = await readDeviceOwner();
  if (!owner) return { kind: "signed-out" };
  const copies = await BoardCopies.open(owner.userId);
  try {
    const snapId = requestedSnapId(pathname);
    const copy = snapId ? await copies.get(snapId) : undefined;
    if (copy) {
      await copies.put(copy, { opened: true });
      return { kind: "board", owner, copy };
    }
    return { kind: "boards", owner, boards: await copies.list(), missing: snapId !== null };
  } finally {
    copies.close();
  }
}

/**
 * What the service worker's offline shell shows: the board asked for from the signed-in person's copy
 * on this device (the same editor as online: edits wait in the change queue), or the boards this
 * device has. The page's address stays the one asked for, so a reload online is the real page.
 */
export function OfflineShell() {
  const [state, setState] = useState<ShellState>({ kind: "loading" });

  useEffect(() => {
    let current = true;
    readShellState(window.location.pathname).then(
      (next) => current && setState(next),
      () => current && setState({ kind: "signed-out" }),
    );
    const stop = onDeviceForgotten(() => setState({ kind: "signed-out" }));
    return () => {
      current = false;
      stop();
    };
  }, []);

  return (
    <div data-offline-shell className="min-h-screen">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/85 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link href="/" className="rounded-lg">
            <BrandMark />
          </Link>
          {"owner" in state && <span className="max-w-48 truncate text-sm font-medium text-slate-700">{state.owner.name || state.owner.email}</span>}
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
        {state.kind === "loading" && (
          <p role="status" className="text-sm text-slate-500">
            Opening from this device…
          </p>
        )}
        {state.kind === "signed-out" && (
          <OfflineMessage title="You're offline">
            Nothing of yours is kept on this device.{" "}
            <a href="/sign-in" className="font-medium text-indigo-700 underline">
              Sign in
            </a>{" "}
            when you are back online.
          </OfflineMessage>
        )}
        {state.kind === "boards" && <DeviceBoards boards={state.boards} missing={state.missing} />}
        {state.kind === "board" && (
          <BoardEditor initialDoc={state.copy.doc} initialVersion={state.copy.version} access={state.copy.access} rest={null} viewerId={state.owner.userId} />
        )}
      </main>
    </div>
  );
}

function OfflineMessage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby="offline-title" className="max-w-xl">
      <h1 id="offline-title" className="text-2xl font-semibold tracking-tight text-slate-900">
        {title}
      </h1>
      <p className="mt-2 text-sm text-slate-600">{children}</p>
    </section>
  );
}

/** The boards this person opened on this device, the most recent first: each opens offline. */
function DeviceBoards({ boards, missing }: { boards: BoardCopyEntry[]; missing: boolean }) {
  return (
    <>
      <OfflineMessage title="You're offline">
        {missing ? "That board has not been opened on this device, so it needs the network. " : ""}
        {boards.length > 0 ? "These boards are on this device and open without a network:" : "No board is kept on this device yet: open one online first."}
      </OfflineMessage>
      {boards.length > 0 && (
        <ul className="mt-6 max-w-xl divide-y divide-slate-200 rounded-xl bg-white ring-1 ring-slate-200">
          {boards.map((board) => (
            <li key={board.snapId}>
              {/* A full load: the service worker answers it with this shell, which opens the board. */}
              <a href={`/snaps/${encodeURIComponent(board.snapId)}`} className="block px-4 py-3 text-sm font-medium text-slate-900 hover:bg-slate-50">
                {board.title}
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
