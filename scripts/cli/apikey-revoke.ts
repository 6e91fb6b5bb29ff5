import { apiKeyNameSchema } from "@/lib/auth/api-keys/schemas";
import { emailSchema } from "@/lib/users/schemas";
import { z } from "zod";
import { printOut, printable, type Command } from "./command";

const flagsSchema = z.object({ email: emailSchema, name: apiKeyNameSchema });

export const apikeyRevoke: Command = {
  name: "apikey:revoke",
  summary: "Revoke the user's active API key with this name (refused if several active keys share it).",
  flags: {
    email: { placeholder: "E", required: true },
    name: { placeholder: "N", required: true },
  },
  prepare(values) {
    const { email, name } = flagsSchema.parse(values);
    return async () => {
      const { requireUserByEmail } = await import("@/lib/workspaces/find-user-by-email");
      const { revokeApiKeyByName } = await import("@/lib/auth/api-keys/revoke-api-key-by-name");
      const user = await requireUserByEmail(email);
      const key = await revokeApiKeyByName(user.id, name);
      printOut(`Revoked API key "${printable(key.name)}" (prefix ${key.prefix}) of ${user.email}.`);
    };
  },
};
