import { Prisma } from "@/lib/db/generated/client";
import { cardSelect } from "./card-selects";

/** cardSelect as a column list of the alias `c`, so raw statements return exactly the API's card shape. */
export const cardColumnsSql = Prisma.raw(
  Object.keys(cardSelect)
    .map((column) => `c."${column}"`)
    .join(", "),
);
