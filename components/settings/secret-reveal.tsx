"use client";

import { useEffect, useId, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CheckIcon, CopyIcon } from "@/components/ui/icons";

const COPIED_VISIBLE_MS = 2000;

/** A secret (an API key, a signing secret) in full, read-only, with a Copy button: the only time the secret is on screen. */
export function SecretReveal({
  secret,
  label = "API key",
  what = "key",
  onCopied,
}: {
  secret: string;
  label?: string;
  what?: string;
  /** The secret was copied: by the button, or from the field with the keyboard or a menu. */
  onCopied?: () => void;
}) {
  const fieldId = useId();
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const copyButtonRef = useRef<HTMLButtonElement>(null);
  const [copied, setCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);

  // This step replaces the name form inside an open dialog, whose focused button just vanished.
  useEffect(() => copyButtonRef.current?.focus(), []);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopyFailed(false);
      setCopied(true);
      onCopied?.();
    } catch {
      // No clipboard access (an insecure origin, or permission refused): select it for a manual copy.
      fieldRef.current?.select();
      setCopyFailed(true);
    }
  }

  return (
    <div className="space-y-4">
      <Alert tone="warning" title={`Copy your ${what} now`}>
        It will not be shown again. Store it somewhere safe, such as a password manager or your app&apos;s secret settings.
      </Alert>
      <div>
        <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        <div className="mt-1.5 flex flex-col gap-2 sm:flex-row sm:items-stretch">
          <textarea
            id={fieldId}
            ref={fieldRef}
            readOnly
            rows={2}
            value={secret}
            spellCheck={false}
            onFocus={(event) => event.currentTarget.select()}
            onCopy={onCopied}
            className="block w-full resize-none rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-[13px] leading-5 break-all text-slate-900 focus:border-indigo-500 focus:outline-offset-0!"
          />
          <Button ref={copyButtonRef} variant="secondary" onClick={copy} className="sm:h-auto">
            {copied ? <CheckIcon className="size-4 text-emerald-600" /> : <CopyIcon className="size-4" />}
            {copied ? "Copied" : "Copy"}
          </Button>
        </div>
        {/* Always mounted so it is announced; visible only for the manual-copy hint (the button shows "Copied"). */}
        <p role="status" className={copyFailed ? "mt-1.5 text-sm text-slate-600" : "sr-only"}>
          {copied && "Copied to the clipboard."}
          {copyFailed && `Copying was blocked by the browser. The ${what} is selected: press Ctrl+C (⌘C on a Mac).`}
        </p>
      </div>
    </div>
  );
}
