import type { WebhookCreate } from "../../generated/types.gen.js";
import type { Command } from "../command.js";
import { requiredPositional, stringOption } from "../command.js";
import { details, table } from "../output.js";

export const webhookCommands: Command[] = [
  {
    path: ["webhooks", "ls"],
    summary: "List your webhook endpoints.",
    async run(context) {
      const webhooks = await (await context.client()).webhooks.list();
      context.out(
        context.json
          ? JSON.stringify(webhooks, null, 2) + "\n"
          : table(webhooks, [
              ["id", (hook) => hook.id],
              ["url", (hook) => hook.url],
              ["events", (hook) => hook.events.join(",")],
              ["enabled", (hook) => hook.enabled],
            ]),
      );
    },
  },
  {
    path: ["webhooks", "create"],
    args: "<url>",
    summary: "Add an endpoint; prints its signing secret once.",
    options: { events: { type: "string" } },
    optionHelp: { events: "Event types, comma-separated (default *: every event)" },
    async run(context) {
      const body: WebhookCreate = {
        url: requiredPositional(context, 0, "the URL"),
        events: (stringOption(context, "events") ?? "*").split(",") as WebhookCreate["events"],
      };
      const created = await (await context.client()).webhooks.create(body);
      if (context.json) return context.out(JSON.stringify(created, null, 2) + "\n");
      context.out(details({ id: created.webhook.id, url: created.webhook.url, secret: created.secret }));
      context.note("Keep the secret: it is shown only now. Verify deliveries with it (the SDK's webhooks.verify).\n");
    },
  },
  {
    path: ["webhooks", "test"],
    args: "<id>",
    summary: "Send a webhook.test event to the endpoint now.",
    async run(context) {
      const deliveryId = await (await context.client()).webhooks.test(requiredPositional(context, 0, "the webhook id"));
      context.out(context.json ? JSON.stringify({ deliveryId }) + "\n" : `Queued delivery ${deliveryId}\n`);
    },
  },
  {
    path: ["webhooks", "rm"],
    args: "<id>",
    summary: "Delete an endpoint.",
    async run(context) {
      const id = requiredPositional(context, 0, "the webhook id");
      await (await context.client()).webhooks.delete(id);
      context.note(`Deleted ${id}\n`);
    },
  },
];
