import { parseSnapDocument } from "@/lib/transfer/parse-snap-document";
import type { SnapDocument } from "@/lib/transfer/transfer-schemas";
import kanban from "./builtin/kanban.snap.json";
import okrs from "./builtin/okrs.snap.json";
import retrospective from "./builtin/retrospective.snap.json";
import roadmap from "./builtin/roadmap.snap.json";
import weeklyPlanner from "./builtin/weekly-planner.snap.json";

export interface BuiltinTemplate {
  id: string;
  name: string;
  description: string;
  document: SnapDocument;
}

/** Export documents kept in the repo; tests/unit/builtin-templates.test.ts checks each against the import rules. */
const SOURCES: { id: string; name: string; description: string; document: unknown }[] = [
  { id: "builtin-kanban", name: "Kanban", description: "Backlog, to do, in progress and done columns with sample tasks.", document: kanban },
  { id: "builtin-weekly-planner", name: "Weekly planner", description: "A column per weekday with a priority, to-dos and notes.", document: weeklyPlanner },
  {
    id: "builtin-retrospective",
    name: "Retrospective",
    description: "What went well, what to improve, and the actions you agree on.",
    document: retrospective,
  },
  { id: "builtin-roadmap", name: "Roadmap", description: "Workstreams across four quarters, with status and dependencies.", document: roadmap },
  { id: "builtin-okrs", name: "OKRs", description: "Objectives with measurable key results, owners and status.", document: okrs },
];

let parsed: BuiltinTemplate[] | null = null;

/** The built-in templates, their documents parsed once (defaults applied) per process. */
export function builtinTemplates(): BuiltinTemplate[] {
  parsed ??= SOURCES.map(({ document, ...rest }) => ({ ...rest, document: parseSnapDocument(document) }));
  return parsed;
}
