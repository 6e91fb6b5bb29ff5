"use client";

import { useNow } from "./use-now";

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

const relativeFormat = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

export function formatRelative(date: Date, now: number): string {
  const seconds = (date.getTime() - now) / 1000;
  if (Math.abs(seconds) < 45) return "just now";
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relativeFormat.format(Math.round(seconds / size), unit);
  }
  return relativeFormat.format(Math.round(seconds / 60), "minute");
}

export function formatAbsolute(date: Date): string {
  return date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/**
 * "5 minutes ago", with the exact local time in the tooltip (and, with showAbsolute, on a second
 * line). Before hydration it shows the UTC date, which cannot differ between server and browser.
 */
export function RelativeTime({ value, showAbsolute = false }: { value: string; showAbsolute?: boolean }) {
  const now = useNow();
  const date = new Date(value);
  if (now === null) return <time dateTime={value}>{value.slice(0, 10)}</time>;
  const absolute = formatAbsolute(date);
  return (
    <time dateTime={value} title={absolute}>
      {formatRelative(date, now)}
      {showAbsolute && <span className="block text-xs text-slate-500">{absolute}</span>}
    </time>
  );
}
