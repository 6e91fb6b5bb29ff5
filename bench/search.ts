/**
 * Scenario s (full-text search, docs/PERFORMANCE.md "Search"): a corpus of 1,000 snaps holding
 * 100,000 cards in the bench user's workspace, the two-word query the scenario sends, the EXPLAIN
 * of the statements lib really sends, and the search indexes dropped and re-created so that the
 * batch PATCH can be measured with and without them in one run.
 */
import pg from "pg";
import type { Principal } from "../lib/request/principal";
import { captureStatements } from "./capture-sql";
import type { Fixtures } from "./database";

/** Two words, as typed: the last one also as a prefix. Each word is in about 2.5 % of the cards. */
export const SEARCH_QUERY = "vendor contract";
export const SEARCH_SNAPS = 1_000;
export const SEARCH_CARDS_PER_SNAP = 100;

// 120 words; titles take two of them, a quarter of the notes three more.
const WORDS = `vendor contract budget launch hiring roadmap design review sprint retro onboarding research
  marketing content sales pricing invoice payroll audit compliance security privacy backup deploy release
  testing quality support ticket escalation feedback survey interview persona journey wireframe prototype
  mockup palette typography icon banner newsletter webinar podcast video script storyboard campaign
  partner reseller channel forecast quota pipeline lead prospect renewal churn retention upsell discount
  coupon shipping warehouse inventory supplier logistics customs freight courier parcel refund warranty
  repair manual guide tutorial faq glossary policy handbook benefit vacation travel expense receipt
  meeting agenda minutes workshop offsite kickoff milestone deadline estimate scope risk issue blocker
  dependency migration database server network firewall certificate domain analytics dashboard metric
  report summary proposal`
  .split(/\s+/)
  .filter(Boolean);

/**
 * Seeds the corpus once (ids start with "t"): `snaps` snaps (SEARCH_SNAPS in a full run) of
 * SEARCH_CARDS_PER_SNAP cards, half of them shared with the workspace.
 */
export async function seedSearchCorpus(url: string, fixtures: Pick<Fixtures, "userId" | "workspaceId">, snaps = SEARCH_SNAPS): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO "Snap" (id, "userId", "workspaceId", title, subtitle, "sharedWithWorkspace", "updatedAt")
       SELECT 't' || substr(md5('search:' || i), 1, 24), $1, $2,
              initcap(w[1 + (hashint4(i) & 1023) % n]) || ' ' || w[1 + (hashint4(i * 7) & 1023) % n] || ' board ' || i,
              CASE WHEN i % 3 = 0 THEN 'About ' || w[1 + (hashint4(i * 13) & 1023) % n] END,
              i % 2 = 0, now() - make_interval(mins => i * 7)
       FROM generate_series(1, $3::int) AS i, (SELECT $4::text[] AS w, cardinality($4::text[]) AS n) v
       ON CONFLICT (id) DO NOTHING`,
      [fixtures.userId, fixtures.workspaceId, snaps, WORDS],
    );
    await client.query(
      `INSERT INTO "Card" (id, "snapId", row, col, title, note, "updatedAt")
       SELECT 't' || substr(md5('search:' || i || ':' || g), 1, 24), 't' || substr(md5('search:' || i), 1, 24), g / 10, g % 10,
              initcap(w[1 + (hashint4(i * 100 + g) & 1023) % n]) || ' ' || w[1 + (hashint4(i * 100 + g + 7) & 1023) % n],
              CASE WHEN g % 4 = 0 THEN 'Check the ' || w[1 + (hashint4(i * 100 + g + 11) & 1023) % n] || ' and the '
                     || w[1 + (hashint4(i * 100 + g + 13) & 1023) % n] || ' with the ' || w[1 + (hashint4(i * 100 + g + 17) & 1023) % n]
                     || ' team before Friday; café notes in the wiki.'
                   ELSE '' END,
              now() - make_interval(mins => i * 7 + g)
       FROM generate_series(1, $1::int) AS i, generate_series(0, $2::int - 1) AS g, (SELECT $3::text[] AS w, cardinality($3::text[]) AS n) v
       ON CONFLICT (id) DO NOTHING`,
      [snaps, SEARCH_CARDS_PER_SNAP, WORDS],
    );
    await client.query(`VACUUM ANALYZE "Snap", "Card"`);
  } finally {
    await client.end();
  }
}

/** The search indexes of prisma/migrations/*_full_text_search, by name and definition. */
async function searchIndexes(client: pg.Client): Promise<{ name: string; definition: string }[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `SELECT indexname AS name, indexdef AS definition FROM pg_indexes WHERE indexname IN ('Card_search_idx', 'Snap_search_idx') ORDER BY 1`,
  );
  return rows;
}

/**
 * Switches the search indexes off (dropped) and on (re-created as the migration made them), for
 * the batch PATCH measured without and with them. Re-creating 100,000 cards' index takes seconds,
 * outside the measured slices.
 */
export async function searchIndexSwitch(url: string): Promise<{ set: (on: boolean) => Promise<void>; close: () => Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const definitions = await searchIndexes(client);
  if (definitions.length !== 2) throw new Error("the search indexes are missing from the bench database");
  let on = true;
  return {
    set: async (wanted) => {
      if (wanted === on) return;
      for (const { name, definition } of definitions) await client.query(wanted ? definition : `DROP INDEX "${name}"`);
      await client.query(`ANALYZE "Card", "Snap"`);
      on = wanted;
    },
    close: async () => {
      if (!on) for (const { definition } of definitions) await client.query(definition);
      await client.end();
    },
  };
}

export interface SearchPlans {
  /** The statements findSearchResults sends for SEARCH_QUERY, with their EXPLAIN (ANALYZE, BUFFERS). */
  plans: { statement: string; plan: string; executionMs: number }[];
  returned: number;
  /** The in-process lib call (no HTTP), median of the samples, in ms. */
  libMedianMs: number;
}

/** DATABASE_URL must already name the bench database. */
export async function explainSearch(url: string, principal: Principal, samples = 30): Promise<SearchPlans> {
  const { findSearchResults } = await import("../lib/search/find-search-results");
  const options = { q: SEARCH_QUERY, limit: 20 };
  const { result, statements } = await captureStatements(() => findSearchResults(principal, options));
  const timings: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await findSearchResults(principal, options);
    timings.push(performance.now() - started);
  }
  timings.sort((x, y) => x - y);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const plans = [];
    for (const { text, values } of statements) {
      const explain = `EXPLAIN (ANALYZE, BUFFERS, FORMAT TEXT) ${text}`;
      await client.query(explain, values);
      const { rows } = await client.query<{ "QUERY PLAN": string }>(explain, values);
      const plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
      plans.push({ statement: text.replace(/\s+/g, " ").trim(), plan, executionMs: Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1] ?? NaN) });
    }
    return { plans, returned: result.results.length, libMedianMs: timings[Math.floor(timings.length / 2)] ?? NaN };
  } finally {
    await client.end();
  }
}
