/**
 * `npm run bench:formats`: the other formats' speed targets (docs/PERFORMANCE.md), against the
 * production build (`next start`) on a fresh database, timed end to end over loopback HTTP,
 * FORMATS_RUNS (default 5) runs each after a warm-up, median and slowest:
 *
 * - a sheet of 1,400 cells with 500 merged ranges (shared strings, theme fills, as Excel writes
 *   them) imported by POST /api/snaps/import/xlsx (target ≤ 2 s), beside the JSON import of the
 *   same 1,400 cards (the baseline, same run);
 * - a 10,000-card board exported by GET /api/snaps/:id/export?format=xlsx (target ≤ 3 s), beside
 *   its JSON export (baseline), and /api/health timed every 100 ms while xlsx exports run back to
 *   back (target p99 < 200 ms), beside health with nothing running and during JSON exports of the
 *   same board (which read it the same way).
 *
 *   npm run bench:formats        (NEXT_DIST_DIR: the build to start, default .next)
 */
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import { buildZip } from "../tests/api/zip-builder";
import { boardDocument } from "./board-document";
import { createBenchDatabase, seedFixtures } from "./database";
import { describeHealth, healthIdleThenLoaded } from "./health-under-load";
import { startApp } from "./server";

process.env.NEXT_DIST_DIR ||= ".next";
const RUNS = Number(process.env.FORMATS_RUNS ?? 5);
const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

const columnName = (col: number) => (col >= 26 ? String.fromCharCode(64 + Math.floor(col / 26)) : "") + String.fromCharCode(65 + (col % 26));

/** 70 rows of 20 values (every other column), the first 500 each merged with the empty cell to its right. */
function mergedWorkbook(): { bytes: Buffer; document: unknown } {
  const strings: string[] = [];
  const rows: string[] = [];
  const merges: string[] = [];
  const cards: unknown[] = [];
  for (let row = 0; row < 70; row += 1) {
    let cells = "";
    for (let k = 0; k < 20; k += 1) {
      const col = k * 2;
      const index = row * 20 + k;
      const ref = `${columnName(col)}${row + 1}`;
      strings.push(`Item ${index}: ${index % 3 === 0 ? "follow up with the team" : "ship it"}`);
      cells += `<c r="${ref}" s="${1 + (index % 3)}" t="s"><v>${index}</v></c>`;
      const merged = index < 500;
      if (merged) merges.push(`<mergeCell ref="${ref}:${columnName(col + 1)}${row + 1}"/>`);
      cards.push({ key: `c${index}`, row, col, colSpan: merged ? 2 : 1, title: strings[index], color: "#dbeafe" });
    }
    rows.push(`<row r="${row + 1}">${cells}</row>`);
  }
  const sheet = `<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetFormatPr defaultRowHeight="15"/><sheetData>${rows.join("")}</sheetData><mergeCells count="${merges.length}">${merges.join("")}</mergeCells></worksheet>`;
  const sst = `<sst xmlns="${MAIN}" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((text) => `<si><t>${text}</t></si>`).join("")}</sst>`;
  const styles = `<styleSheet xmlns="${MAIN}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="4"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill><fill><patternFill patternType="solid"><fgColor theme="4" tint="0.79998168889431442"/></patternFill></fill><fill><patternFill patternType="solid"><fgColor rgb="FFFFF2CC"/></patternFill></fill></fills><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0"/><xf numFmtId="0" fontId="1" fillId="2" applyFill="1"/><xf numFmtId="0" fontId="0" fillId="3" applyFill="1"><alignment horizontal="center" vertical="center" wrapText="1"/></xf><xf numFmtId="0" fontId="0" fillId="0"/></cellXfs></styleSheet>`;
  const bytes = buildZip([
    {
      name: "xl/workbook.xml",
      data: `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Plan" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      deflate: true,
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      data: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/><Relationship Id="rId3" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      deflate: true,
    },
    { name: "xl/worksheets/sheet1.xml", data: sheet, deflate: true },
    { name: "xl/sharedStrings.xml", data: sst, deflate: true },
    { name: "xl/styles.xml", data: styles, deflate: true },
  ]);
  const document = { format: "snap-board", formatVersion: 1, snap: { title: "Plan", rows: 70, cols: 40 }, cards };
  return { bytes, document };
}

async function timed(run: () => Promise<void>): Promise<{ median: number; max: number }> {
  await run();
  const times: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, max: times.at(-1)! };
}

async function main() {
  const database = await createBenchDatabase();
  const authSecret = randomBytes(32).toString("base64url");
  const fixtures = await seedFixtures(database.url, authSecret, 1);
  const app = await startApp({ DATABASE_URL: database.url, AUTH_SECRET: authSecret });
  const call = async (method: string, path: string, body?: BodyInit, type = "application/json", expected = 200) => {
    const response = await fetch(app.baseUrl + path, { method, headers: { authorization: `Bearer ${fixtures.apiKey}`, "content-type": type }, body });
    const bytes = Buffer.from(await response.arrayBuffer());
    if (response.status !== expected) throw new Error(`${method} ${path}: ${response.status} ${bytes.toString().slice(0, 300)}`);
    return bytes;
  };
  try {
    const sheet = mergedWorkbook();
    const check = JSON.parse((await call("POST", "/api/snaps/import/xlsx", new Uint8Array(sheet.bytes), "application/octet-stream", 201)).toString()).snap;
    const merged = check.cards.filter((card: { colSpan: number }) => card.colSpan === 2).length;
    if (check.cards.length !== 1_400 || merged !== 500) throw new Error(`the sheet made ${check.cards.length} cards, ${merged} merged`);
    const big = JSON.parse((await call("POST", "/api/snaps/import", JSON.stringify(boardDocument("Big board", 100, 0)), "application/json", 201)).toString())
      .snap.id as string;
    const xlsxBytes = (await call("GET", `/api/snaps/${big}/export?format=xlsx`)).length;

    const results: [string, { median: number; max: number }][] = [];
    const measure = async (label: string, run: () => Promise<unknown>) => {
      results.push([label, await timed(async () => void (await run()))]);
      console.error(`[formats bench] ${label}`);
    };
    await measure("baseline: JSON import of the same 1,400 cards", () =>
      call("POST", "/api/snaps/import", JSON.stringify(sheet.document), "application/json", 201),
    );
    await measure("xlsx import: 1,400 cells, 500 merged ranges (≤ 2 s)", () =>
      call("POST", "/api/snaps/import/xlsx", new Uint8Array(sheet.bytes), "application/octet-stream", 201),
    );
    await measure("baseline: JSON export of 10,000 cards", () => call("GET", `/api/snaps/${big}/export`));
    await measure("xlsx export: 10,000 cards (≤ 3 s)", () => call("GET", `/api/snaps/${big}/export?format=xlsx`));

    /** /api/health idle, then while `runs` exports of the big board in `format` run back to back. */
    const healthDuring = async (format: string, runs: number) => {
      let done = 0;
      const health = await healthIdleThenLoaded(app, () => {
        let stop = false;
        const finished = (async () => {
          for (; done < runs; done += 1) await call("GET", `/api/snaps/${big}/export?format=${format}`);
          stop = true;
        })();
        return { done: () => stop, finished };
      });
      return { ...health, runs: done };
    };
    const jsonHealth = await healthDuring("json", 5);
    const xlsxHealth = await healthDuring("xlsx", 5);

    console.log(
      `\n${RUNS} runs each after one warm-up; load average ${loadavg()
        .map((value) => value.toFixed(1))
        .join(" ")}; the 10,000-card workbook is ${(xlsxBytes / 1e6).toFixed(2)} MB\n`,
    );
    console.log("| operation | median ms | slowest ms |\n|---|---:|---:|");
    for (const [label, { median, max }] of results) console.log(`| ${label} | ${median.toFixed(0)} | ${max.toFixed(0)} |`);
    console.log(`\n/api/health idle: ${describeHealth(xlsxHealth.idle)}`);
    console.log(`/api/health during ${jsonHealth.runs} JSON exports of 10,000 cards back to back (baseline): ${describeHealth(jsonHealth.loaded)}`);
    console.log(`/api/health during ${xlsxHealth.runs} xlsx exports of 10,000 cards back to back (p99 < 200 ms): ${describeHealth(xlsxHealth.loaded)}`);
  } finally {
    await app.stop();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
