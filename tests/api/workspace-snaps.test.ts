import { beforeAll, describe, expect, it } from "vitest";
import { api } from "./helpers";
import { createTeam, sql, type Team, type TeamMember } from "./fixtures";
import { expectError, newId } from "./card-fixtures";

const PATH = "/api/v1/workspace/snaps";
/** The workspace listing's summary: exactly these keys. */
const SUMMARY_KEYS = [
  "id",
  "title",
  "subtitle",
  "icon",
  "isPublic",
  "shareToken",
  "shareMode",
  "folder",
  "cellCount",
  "previewCells",
  "createdAt",
  "updatedAt",
];
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

interface Row {
  id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
}

interface SnapRow extends Row {
  owner: TeamMember;
  subtitle?: string;
  sharedWithWorkspace?: boolean;
  shareMode?: "view" | "edit";
  isPublic?: boolean;
  folderId?: string;
}

const at = (hour: number) => `2026-01-02T${String(hour).padStart(2, "0")}:00:00.000Z`;

async function insertSnap(snap: SnapRow): Promise<void> {
  await sql().query(
    `INSERT INTO "Snap" (id, "userId", "workspaceId", title, subtitle, "sharedWithWorkspace", "shareMode", "isPublic", "shareToken", "folderId", "createdAt", "updatedAt")
     SELECT $1, $2, "workspaceId", $3, $4, $5, $6::"ShareMode", $7, $8, $9, $10, $11 FROM "Membership" WHERE "userId" = $2`,
    [
      snap.id,
      snap.owner.id,
      snap.title,
      snap.subtitle ?? null,
      snap.sharedWithWorkspace ?? false,
      snap.shareMode ?? "view",
      snap.isPublic ?? false,
      snap.isPublic ? `tok${snap.id}` : null,
      snap.folderId ?? null,
      snap.createdAt,
      snap.updatedAt,
    ],
  );
}

let team: Team;
let folderId: string;
/** Named after their titles; owner: alpha (private), beta (shared view), gamma (shared edit, public). */
const s: Record<"alpha" | "beta" | "gamma" | "delta" | "epsilon" | "zeta" | "eta" | "outside", SnapRow> = {} as never;
/** The 16 cards of beta (4 x 4), as [row, col, title, type]. */
const betaCards: [number, number, string, string][] = [];

beforeAll(async () => {
  team = await createTeam();
  folderId = newId();
  await sql().query(`INSERT INTO "Folder" (id, "workspaceId", "userId", name, "updatedAt") VALUES ($1, $2, $3, 'Plans', now())`, [
    folderId,
    team.workspaceId,
    team.member.id,
  ]);
  const { owner, member, admin, outsider } = team;
  const rows: [keyof typeof s, Omit<SnapRow, "id">][] = [
    ["alpha", { owner, title: "Alpha roadmap", createdAt: at(10), updatedAt: at(15) }],
    ["beta", { owner, title: "beta", subtitle: "The ROADMAP for Q3", sharedWithWorkspace: true, folderId, createdAt: at(11), updatedAt: at(14) }],
    ["gamma", { owner, title: "Gamma 100% done", sharedWithWorkspace: true, shareMode: "edit", isPublic: true, createdAt: at(12), updatedAt: at(13) }],
    ["delta", { owner: member, title: "Delta roadmap", createdAt: at(9), updatedAt: at(16) }],
    ["epsilon", { owner: member, title: "epsilon", sharedWithWorkspace: true, folderId, createdAt: at(12), updatedAt: at(11) }],
    ["zeta", { owner: admin, title: "Zeta", createdAt: at(8), updatedAt: at(17) }],
    ["eta", { owner: admin, title: "eta_x", sharedWithWorkspace: true, shareMode: "edit", createdAt: at(13), updatedAt: at(14) }],
    ["outside", { owner: outsider, title: "Outside roadmap", sharedWithWorkspace: true, createdAt: at(10), updatedAt: at(10) }],
  ];
  for (const [name, row] of rows) {
    s[name] = { id: newId(), ...row };
    await insertSnap(s[name]);
  }
  // Inserted in shuffled order: previewCells must follow (row, col), not insertion.
  for (let i = 0; i < 16; i++) betaCards.push([Math.floor(i / 4), i % 4, `b${i}`, i % 3 === 0 ? "todo" : "normal"]);
  const shuffled = [...betaCards].sort((a, b) => ((a[2].length * 7 + a[1] * 5 + a[0] * 3) % 11) - ((b[2].length * 7 + b[1] * 5 + b[0] * 3) % 11));
  for (const [row, col, title, type] of shuffled) {
    await sql().query(`INSERT INTO "Card" (id, "snapId", row, col, title, "cellType") VALUES ($1, $2, $3, $4, $5, $6)`, [
      newId(),
      s.beta.id,
      row,
      col,
      title,
      type,
    ]);
  }
  await sql().query(`INSERT INTO "Card" (id, "snapId", row, col, title) VALUES ($1, $2, 0, 0, 'only')`, [newId(), s.gamma.id]);
});

function list(member: TeamMember, query = "") {
  return api("GET", `${PATH}${query ? `?${query}` : ""}`, { key: member.key });
}

async function ids(member: TeamMember, query = ""): Promise<string[]> {
  const response = await list(member, query);
  expect(response.status).toBe(200);
  return response.body.snaps.map((snap: { id: string }) => snap.id);
}

const idsOf = (...names: (keyof typeof s)[]) => names.map((name) => s[name].id);
const sameSet = (a: string[], b: string[]) => expect([...a].sort()).toEqual([...b].sort());

describe("GET /api/v1/workspace/snaps: visibility", () => {
  it("the caller's own snaps plus those shared with the workspace; never another member's private snap", async () => {
    sameSet(await ids(team.owner), idsOf("alpha", "beta", "gamma", "epsilon", "eta"));
    sameSet(await ids(team.member), idsOf("delta", "epsilon", "beta", "gamma", "eta"));
    // Admin rights do not reach another user's private snap.
    sameSet(await ids(team.admin), idsOf("zeta", "eta", "beta", "gamma", "epsilon"));
    sameSet(await ids(team.outsider), idsOf("outside"));
  });

  it("works with the session cookie too, and is 401 without auth", async () => {
    const response = await api("GET", PATH, { cookie: team.owner.cookie });
    expect(response.status).toBe(200);
    expect(response.body.pagination.total).toBe(5);
    expectError(await api("GET", PATH), 401, "UNAUTHORIZED");
  });
});

describe("GET /api/v1/workspace/snaps: shape", () => {
  it("answers {snaps, pagination} with the workspace summary, previewCells the first 9 cards by (row, col)", async () => {
    const response = await list(team.owner);
    expect(Object.keys(response.body)).toEqual(["snaps", "pagination"]);
    expect(response.body.pagination).toEqual({ total: 5, limit: 50, offset: 0, hasMore: false });
    for (const snap of response.body.snaps) {
      expect(Object.keys(snap).sort()).toEqual([...SUMMARY_KEYS].sort());
      expect(snap.createdAt).toMatch(ISO_MS);
      expect(snap.updatedAt).toMatch(ISO_MS);
    }
    const byId = new Map(response.body.snaps.map((snap: { id: string }) => [snap.id, snap]));
    expect(byId.get(s.beta.id)).toEqual({
      id: s.beta.id,
      title: "beta",
      subtitle: "The ROADMAP for Q3",
      icon: null,
      isPublic: false,
      shareToken: null,
      shareMode: "view",
      folder: { id: folderId, name: "Plans" },
      cellCount: 16,
      previewCells: betaCards.slice(0, 9).map(([row, col, title, type]) => ({ position: { row, col }, title, type })),
      createdAt: at(11),
      updatedAt: at(14),
    });
    expect(byId.get(s.alpha.id)).toMatchObject({ subtitle: null, folder: null, cellCount: 0, previewCells: [], isPublic: false, shareToken: null });
    expect(byId.get(s.gamma.id)).toMatchObject({
      isPublic: true,
      shareToken: `tok${s.gamma.id}`,
      shareMode: "edit",
      cellCount: 1,
      previewCells: [{ position: { row: 0, col: 0 }, title: "only", type: "normal" }],
    });
  });
});

describe("GET /api/v1/workspace/snaps: search and filters", () => {
  it.each([
    ["roadmap", ["alpha", "beta"]],
    ["ROADMAP", ["alpha", "beta"]],
    ["rOaDmAp fOr", ["beta"]],
    ["alpha", ["alpha"]],
    ["100%", ["gamma"]],
    ["%", ["gamma"]],
    ["_", ["eta"]],
    ["   eta_   ", ["eta"]],
    ["nothing like it", []],
  ] as [string, (keyof typeof s)[]][])("search=%s, case-insensitive on title and subtitle, wildcards literal", async (search, expected) => {
    const response = await list(team.owner, `search=${encodeURIComponent(search)}`);
    expect(response.status).toBe(200);
    sameSet(
      response.body.snaps.map((snap: { id: string }) => snap.id),
      idsOf(...expected),
    );
    expect(response.body.pagination.total).toBe(expected.length);
  });

  it("search finds another member's snap only when it is shared", async () => {
    sameSet(await ids(team.member, "search=roadmap"), idsOf("delta", "beta"));
  });

  it("isPublic and folderId filter, alone and together with search", async () => {
    sameSet(await ids(team.owner, "isPublic=true"), idsOf("gamma"));
    sameSet(await ids(team.owner, "isPublic=false"), idsOf("alpha", "beta", "epsilon", "eta"));
    sameSet(await ids(team.owner, `folderId=${folderId}`), idsOf("beta", "epsilon"));
    sameSet(await ids(team.owner, `folderId=${folderId}&search=ROADMAP`), idsOf("beta"));
    sameSet(await ids(team.owner, "isPublic=false&search=roadmap"), idsOf("alpha", "beta"));
    sameSet(await ids(team.owner, `folderId=${newId()}`), []);
    // Someone else's folder id shows nothing of theirs.
    sameSet(await ids(team.outsider, `folderId=${folderId}`), []);
  });
});

describe("GET /api/v1/workspace/snaps: sorting", () => {
  const visible = () => [s.alpha, s.beta, s.gamma, s.epsilon, s.eta];
  /** Ties (gamma and epsilon created together, beta and eta updated together) fall back to id. */
  function expected(key: "createdAt" | "updatedAt", order: "asc" | "desc"): string[] {
    const sign = order === "asc" ? 1 : -1;
    return visible()
      .sort((a, b) => sign * (a[key].localeCompare(b[key]) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)))
      .map((snap) => snap.id);
  }

  it("defaults to updatedAt desc", async () => {
    expect(await ids(team.owner)).toEqual(expected("updatedAt", "desc"));
  });

  it.each([
    ["createdAt", "asc"],
    ["createdAt", "desc"],
    ["updatedAt", "asc"],
    ["updatedAt", "desc"],
  ] as const)("sortBy=%s sortOrder=%s, ties broken by id", async (sortBy, sortOrder) => {
    expect(await ids(team.owner, `sortBy=${sortBy}&sortOrder=${sortOrder}`)).toEqual(expected(sortBy, sortOrder));
  });

  it.each(["asc", "desc"] as const)("sortBy=title sortOrder=%s, in the database's collation", async (sortOrder) => {
    const { rows } = await sql().query(`SELECT id FROM "Snap" WHERE id = ANY($1) ORDER BY title ${sortOrder}, id ${sortOrder}`, [
      visible().map((snap) => snap.id),
    ]);
    expect(await ids(team.owner, `sortBy=title&sortOrder=${sortOrder}`)).toEqual(rows.map((row) => row.id));
  });

  it("sortOrder alone applies to updatedAt", async () => {
    expect(await ids(team.owner, "sortOrder=asc")).toEqual(expected("updatedAt", "asc"));
  });
});

describe("GET /api/v1/workspace/snaps: pagination", () => {
  it("pages with limit and offset; hasMore = offset + snaps.length < total", async () => {
    const all = await ids(team.owner, "sortBy=createdAt&sortOrder=asc");
    const pages: [string, string[], boolean][] = [
      ["limit=2", all.slice(0, 2), true],
      ["limit=2&offset=2", all.slice(2, 4), true],
      ["limit=2&offset=4", all.slice(4), false],
      ["limit=5", all, false],
      ["limit=100&offset=3", all.slice(3), false],
      ["limit=1&offset=5", [], false],
      ["offset=50", [], false],
    ];
    for (const [query, expected, hasMore] of pages) {
      const response = await list(team.owner, `sortBy=createdAt&sortOrder=asc&${query}`);
      expect(response.status).toBe(200);
      expect(response.body.snaps.map((snap: { id: string }) => snap.id)).toEqual(expected);
      const params = new URLSearchParams(query);
      expect(response.body.pagination).toEqual({
        total: 5,
        limit: Number(params.get("limit") ?? 50),
        offset: Number(params.get("offset") ?? 0),
        hasMore,
      });
    }
  });
});

describe("GET /api/v1/workspace/snaps: bad query values", () => {
  it.each([
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=abc", "limit"],
    ["limit=2.5", "limit"],
    ["limit=", "limit"],
    ["offset=-1", "offset"],
    ["offset=abc", "offset"],
    ["offset=1.5", "offset"],
    ["sortBy=name", "sortBy"],
    ["sortBy=CREATEDAT", "sortBy"],
    ["sortOrder=up", "sortOrder"],
    ["isPublic=yes", "isPublic"],
    ["isPublic=1", "isPublic"],
    [`search=${"x".repeat(201)}`, "search"],
    [`folderId=${"f".repeat(65)}`, "folderId"],
    ["folderId=", "folderId"],
    ["page=2", "(query)"],
  ])("%s is 400 naming %s", async (query, path) => {
    expectError(await list(team.owner, query), 400, "BAD_REQUEST", [path]);
  });
});
