import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CARD_DEFAULTS } from "@/lib/board-model/card-fields";

/** The Card model's `@default(...)` of each field, read from schema.prisma as written. */
function prismaCardDefaults(): Record<string, string> {
  const schema = readFileSync("prisma/schema.prisma", "utf8");
  const model = /model Card \{([\s\S]*?)\n\}/.exec(schema)?.[1];
  if (!model) throw new Error("no Card model in prisma/schema.prisma");
  const defaults: Record<string, string> = {};
  for (const [, field, value] of model.matchAll(/^[ \t]+(\w+)[ \t]+\S+[ \t]+.*?@default\(([^)]*\)?)\)/gm)) defaults[field!] = value!;
  return defaults;
}

/** A CARD_DEFAULTS value as Prisma writes it: strings quoted, enums bare, the rest as is. */
function asPrismaLiteral(field: string, value: string | number | boolean): string {
  const enumFields = new Set(["textAlign", "verticalAlign"]);
  return typeof value === "string" && !enumFields.has(field) ? JSON.stringify(value) : String(value);
}

describe("CARD_DEFAULTS", () => {
  it("equals the database's defaults, field for field", () => {
    const prisma = prismaCardDefaults();
    for (const [field, value] of Object.entries(CARD_DEFAULTS)) {
      expect({ field, value: prisma[field] }).toEqual({ field, value: asPrismaLiteral(field, value) });
    }
    // Every defaulted content field of the table is in CARD_DEFAULTS (ids and timestamps aside).
    const others = Object.keys(prisma).filter((field) => !(field in CARD_DEFAULTS));
    // attachments too: a list, [] by default, which the board's blank card sets itself (blankCard).
    expect(others.sort()).toEqual(["attachments", "createdAt", "id", "updatedAt"]);
    expect(prisma.attachments).toBe('"[]"');
  });
});
