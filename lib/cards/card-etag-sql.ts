import { CARD_COLUMN_TYPES, type CardColumn } from "../board-model/card-column-types";
import { cardSelect } from "../board-model/card-selects";

const FIELDS = Object.keys(cardSelect) as (keyof typeof cardSelect)[];

/** A field of the card `alias` as JSON.stringify writes it: strings quoted and escaped alike, numbers and booleans bare. */
function jsonText(alias: string, field: keyof typeof cardSelect): string {
  if (field === "attachments") {
    return `to_json(COALESCE((SELECT string_agg(a.file ->> 'id', ',' ORDER BY a.n) FROM jsonb_array_elements(${alias}."attachments") WITH ORDINALITY AS a(file, n)), ''))::text`;
  }
  const type = field === "id" || field === "snapId" ? "text" : CARD_COLUMN_TYPES[field as CardColumn];
  return type === "int" || type === "boolean" ? `${alias}."${field}"::text` : `to_json(${alias}."${field}"::text)::text`;
}

/**
 * cardEtag (lib/cards/card-etag.ts) computed by PostgreSQL for the card `alias`, so that a single
 * PATCH checks If-Match in its one statement: SHA-256 of "card" and the fields as a JSON array, base64url,
 * 27 characters, quoted. PostgreSQL's JSON string escaping is JSON.stringify's (the same escapes,
 * \u00XX lowercase for other control characters; text cannot hold lone surrogates), which
 * tests/db/card-etag-sql.test.ts checks on awkward text.
 */
export function cardEtagSql(alias: string): string {
  const array = `'["card",' || ${FIELDS.map((field) => jsonText(alias, field)).join(" || ',' || ")} || ']'`;
  return `('"' || substr(translate(encode(sha256(convert_to(${array}, 'UTF8')), 'base64'), '+/', '-_'), 1, 27) || '"')`;
}
