import { SnapBoard } from "../../client.js";
import { getAccount } from "../../generated/sdk.gen.js";
import type { Command } from "../command.js";
import { stringOption, UsageError } from "../command.js";
import { readLogin, removeLogin, writeLogin } from "../config.js";
import { oauthLogin } from "../oauth.js";
import { details } from "../output.js";

const KEY_SHAPE = /^service_sk_[A-Za-z0-9_-]+$/;

export const loginCommands: Command[] = [
  {
    path: ["login"],
    summary: "Sign in: store an API key (--key, or read from stdin), or sign in in the browser (--oauth).",
    options: { url: { type: "string" }, key: { type: "string" }, oauth: { type: "boolean" }, "no-browser": { type: "boolean" } },
    optionHelp: {
      url: "The server, e.g. https://boards.example.com (default SNAPBOARD_URL)",
      key: "An API key (service_sk_…); without it, the key is read from stdin",
      oauth: "Sign in in the browser instead of using a key",
      "no-browser": "With --oauth: print the address, do not open a browser",
    },
    async run(context) {
      const url = (stringOption(context, "url") ?? context.env.SNAPBOARD_URL ?? "").replace(/\/+$/, "");
      if (!/^https?:\/\//.test(url)) throw new UsageError("--url is required: the server's address, e.g. https://boards.example.com");
      if (context.values.oauth) {
        const login = await oauthLogin(url, context.note, { openBrowser: !context.values["no-browser"], signal: context.signal });
        const file = await writeLogin(login, context.env);
        context.note(`Signed in to ${url}; saved in ${file}\n`);
        return;
      }
      const apiKey = (stringOption(context, "key") ?? (await context.readStdin())).trim();
      if (!KEY_SHAPE.test(apiKey)) throw new UsageError("That is not an API key (service_sk_…): create one under Settings › Integrations");
      const account = await getAccount({ client: new SnapBoard({ baseUrl: url, apiKey }).api, throwOnError: true });
      const file = await writeLogin({ url, apiKey }, context.env);
      context.note(`Signed in to ${url} as ${account.data.user.email}; saved in ${file} (readable by you only)\n`);
    },
  },
  {
    path: ["logout"],
    summary: "Forget the stored sign-in.",
    async run(context) {
      await removeLogin(context.env);
      context.note("Signed out: the stored sign-in is removed. (An API key stays valid until you revoke it in Settings.)\n");
    },
  },
  {
    path: ["whoami"],
    summary: "Who the stored sign-in is, on which server.",
    async run(context) {
      const client = await context.client();
      const { data } = await getAccount({ client: client.api, throwOnError: true });
      const login = await readLogin(context.env);
      context.out(context.json ? JSON.stringify(data.user, null, 2) + "\n" : details({ server: context.env.SNAPBOARD_URL ?? login?.url, ...data.user }));
    },
  },
];
