import type { z } from "zod";
import type { connectedAppSchema } from "@/lib/oauth/connected-app-schemas";

/** A connected app as GET /api/account/connected-apps lists it. Dates are ISO strings. */
export type ConnectedApp = z.output<typeof connectedAppSchema>;
