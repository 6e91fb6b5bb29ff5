import type { z } from "zod";
import type { templateSchema } from "@/lib/templates/template-schemas";

/** A template as GET /api/templates lists it. */
export type TemplateSummary = z.output<typeof templateSchema>;
