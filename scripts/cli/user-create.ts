import { signUpInputSchema } from "@/lib/users/schemas";
import { printOut, type Command } from "./command";

/** Prints only the new user's id, so scripts can capture it. */
export const userCreate: Command = {
  name: "user:create",
  summary: "Create a user with a personal workspace (as its admin). Prints the new user's id.",
  flags: {
    email: { placeholder: "E", required: true },
    password: { placeholder: "P", required: true },
    name: { placeholder: "N", required: false },
  },
  prepare(values) {
    const input = signUpInputSchema.parse(values);
    return async () => {
      const { createUser } = await import("@/lib/users/create-user");
      const user = await createUser(input);
      printOut(user.id);
    };
  },
};
