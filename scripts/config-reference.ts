/**
 * docs/CONFIGURATION.md, written from lib/config.ts's declarations: `npm run docs:config` writes it,
 * tests/unit/config.test.ts fails when the file differs from what this renders.
 */
import { format, resolveConfig } from "prettier";
import { CONFIG_REFERENCE, type ConfigVariableReference } from "@/lib/config";

export const CONFIGURATION_REFERENCE_PATH = "docs/CONFIGURATION.md";

const HEADER = `# Configuration

<!-- Written by \`npm run docs:config\` from lib/config.ts's declarations: edit those, not this file. -->

Every variable is read and checked once, by \`lib/config.ts\`: a value it does not accept stops the start with a message naming
the variable and what it accepts. Set them in the environment of \`npm start\` (or of each instance: see
[docs/OPERATIONS.md](OPERATIONS.md)).
`;

const FOOTER = `
Node.js, Next.js and the build set \`NODE_ENV\`, \`NEXT_RUNTIME\`, \`NEXT_DIST_DIR\` and \`NEXT_MANUAL_SIG_HANDLE\`; an operator never does.
`;

/** A table cell: a pipe would end the cell. */
const cell = (text: string) => text.replaceAll("|", "\\|");

function defaultShown(variable: ConfigVariableReference): string {
  if (variable.default !== undefined) return variable.default === "" ? "empty" : `\`${variable.default}\``;
  return variable.unset ? `unset: ${variable.unset}` : "unset";
}

/** The reference as it must be on disk: rendered, then formatted as `npm run format` would. */
export async function renderConfigurationReference(): Promise<string> {
  const rows = CONFIG_REFERENCE.map((variable) => `| \`${variable.name}\` | ${cell(defaultShown(variable))} | ${cell(variable.description)} |`);
  const table = ["| Variable | Default | Meaning |", "| --- | --- | --- |", ...rows].join("\n");
  const markdown = `${HEADER}\n${table}\n${FOOTER}`;
  const options = await resolveConfig(CONFIGURATION_REFERENCE_PATH);
  return format(markdown, { ...options, filepath: CONFIGURATION_REFERENCE_PATH });
}
