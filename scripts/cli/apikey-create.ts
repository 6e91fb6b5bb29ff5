import { apiKeyAccessSchema, apiKeyNameSchema } from "@/lib/auth/api-keys/schemas";
import { emailSchema } from "@/lib/users/schemas";
import { z } from "zod";
import { printErr, printOut, printable, type Command } from "./command";

const flagsSchema = z.object({ email: emailSchema, name: apiKeyNameSchema, access: apiKeyAccessSchema.default("full") });

/** The key is the last (and only) line on stdout; the notes around it go to stderr. */
export const apikeyCreate: Command = {
  name: "apikey:create",
  summary: "Create an API key for a user, full access (default) or read-only (GET and the event stream only). The key is shown once: the last line of stdout.",
  flags: {
    email: { placeholder: "E", required: true },
    name: { placeholder: "N", required: true },
    access: { placeholder: "read|full", required: false },
  },
  prepare(values) {
    const { email, name, access } = flagsSchema.parse(values);
    return async () => {
      const { requireUserByEmail } = await import("@/lib/workspaces/find-user-by-email");
      const { createApiKey } = await import("@/lib/auth/api-keys/create-api-key");
      const user = await requireUserByEmail(email);
      const { apiKey, secret } = await createApiKey(user.id, { name, access });
      printErr(
        `Created ${apiKey.access === "read" ? "a read-only" : "a full-access"} API key "${printable(apiKey.name)}" (prefix ${apiKey.prefix}) for ${user.email}.`,
      );
      printErr("It is shown only this once; store it now:");
      printOut(secret);
    };
  },
};
