"use client";

import { useId, useState } from "react";
import { callApi } from "@/components/http/call-api";

type Choice = "immediately" | "daily" | "never";

const CHOICES: { value: Choice; label: string; hint: string }[] = [
  { value: "immediately", label: "As it happens", hint: "One email within a minute, for what arrived in it." },
  { value: "daily", label: "Daily digest", hint: "One email a day, at 08:00 UTC." },
  { value: "never", label: "Never", hint: "Only the bell in the app." },
];

interface EmailPreferencePanelProps {
  initial: Choice;
  /** Whether this server sends email at all (SMTP_URL and MAIL_FROM). */
  emailEnabled: boolean;
  email: string;
}

/** Settings › Account: how mentions, replies and comments reach you by email. Saved as chosen; a failure puts the choice back. */
export function EmailPreferencePanel({ initial, emailEnabled, email }: EmailPreferencePanelProps) {
  const [choice, setChoice] = useState<Choice>(initial);
  const [status, setStatus] = useState<{ tone: "ok" | "error"; text: string } | null>(null);
  const name = useId();

  const choose = async (next: Choice) => {
    const before = choice;
    setChoice(next);
    setStatus(null);
    const result = await callApi("/api/account", { method: "PATCH", body: { emailNotifications: next } });
    if (result.ok) setStatus({ tone: "ok", text: "Saved." });
    else {
      setChoice(before);
      setStatus({ tone: "error", text: `Not saved: ${result.error.message}` });
    }
  };

  return (
    <section aria-labelledby={`${name}-title`} className="max-w-xl">
      <h2 id={`${name}-title`} className="text-lg font-semibold text-slate-900">
        Email notifications
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        When someone mentions you, replies in your threads or comments on your snaps, we can email <span className="font-medium">{email}</span>.
      </p>
      {!emailEnabled && (
        <p role="note" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          Email is off on this server: its administrator has not set SMTP_URL and MAIL_FROM. Your choice is kept for when it is on.
        </p>
      )}
      <fieldset className="mt-4 space-y-2">
        <legend className="sr-only">Send me email</legend>
        {CHOICES.map((option) => (
          <label key={option.value} className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 hover:bg-slate-50">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={choice === option.value}
              onChange={() => void choose(option.value)}
              className="mt-0.5 size-4"
            />
            <span>
              <span className="block text-sm font-medium text-slate-900">{option.label}</span>
              <span className="block text-sm text-slate-600">{option.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p role="status" className={`mt-3 min-h-5 text-sm ${status?.tone === "error" ? "text-red-700" : "text-slate-600"}`}>
        {status?.text}
      </p>
    </section>
  );
}
