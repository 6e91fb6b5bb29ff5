/** The snap's font first, then a sans-serif stack for whatever the machine lacks ("Inter" is not bundled). */
export function boardFontFamily(fontFamily: string): string {
  return `${fontFamily}, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
}
