/** Up to two letters for a presence badge: "Ada Lovelace" → "AL", "grace@example.com" → "GR". */
export function initialsOf(name: string): string {
  const words = name
    .split("@")[0]!
    .split(/[\s._-]+/u)
    .filter(Boolean);
  const letters = words.length >= 2 ? [words[0]!, words[words.length - 1]!].map((word) => [...word][0]) : [...(words[0] ?? "?")].slice(0, 2);
  return letters.join("").toUpperCase();
}
