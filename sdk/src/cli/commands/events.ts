import type { Command } from "../command.js";
import { integerOption, requiredPositional, stringOption } from "../command.js";

/** One line per event: when, what, by whom (the readable form). */
function describe(event: { event: string; id?: string; data: Record<string, unknown> }): string {
  const data = event.data;
  if (event.event === "change") {
    const cards = (data.cards as unknown[] | undefined)?.length ?? 0;
    const deleted = (data.deletedCardIds as unknown[] | undefined)?.length ?? 0;
    const actor = (data.actor as { name?: string } | undefined)?.name ?? "someone";
    return `version ${event.id}: ${actor} changed ${cards} card(s)${deleted ? `, deleted ${deleted}` : ""}`;
  }
  return `${event.event}${event.id ? ` (version ${event.id})` : ""}`;
}

export const eventCommands: Command[] = [
  {
    path: ["events"],
    args: "<snap-id>",
    summary: "The snap's events from the feed; with --follow, its live changes as they happen (Ctrl+C to stop).",
    options: { follow: { type: "boolean", short: "f" }, since: { type: "string" }, after: { type: "string" } },
    optionHelp: {
      follow: "Stay connected and print changes as they happen",
      since: "With --follow: start after this snap version",
      after: "Without --follow: the feed cursor to start after",
    },
    async run(context) {
      const snapId = requiredPositional(context, 0, "the snap id");
      const client = await context.client();
      if (context.values.follow) {
        for await (const event of client.live.events(snapId, { since: integerOption(context, "since"), signal: context.signal })) {
          context.out(context.json ? `${JSON.stringify(event)}\n` : `${describe(event)}\n`);
        }
        return;
      }
      for await (const page of client.events.pages({ snapId, after: stringOption(context, "after") })) {
        for (const event of page.events)
          context.out(context.json ? `${JSON.stringify(event)}\n` : `${event.occurredAt}  ${event.type}  version ${event.snapVersion ?? ""}\n`);
        if (!context.json) context.note(`(cursor ${page.nextCursor})\n`);
      }
    },
  },
];
