import "server-only";
import { hashPassword } from "@/lib/users/passwords";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { ApiError } from "@/lib/errors/api-error";
import { signUpInputSchema } from "./schemas";

/**
 * Creates a user with a personal workspace in which they are admin (docs/API.md, "Permissions"), all or nothing.
 */
export async function createUser(input: unknown) {
  const { email, password, name } = signUpInputSchema.parse(input);
  const passwordHash = await hashPassword(password);
  const displayName = name || email.split("@")[0]!;
  try {
    return await db.user.create({
      data: {
        email,
        name: name || null,
        passwordHash,
        membership: {
          create: { role: "admin", workspace: { create: { name: `${displayName}'s workspace` } } },
        },
      },
      select: { id: true, email: true, name: true },
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new ApiError("CONFLICT", "An account with this email already exists", [{ path: "email", message: "Email is already taken" }]);
    }
    throw error;
  }
}
