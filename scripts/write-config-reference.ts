/** `npm run docs:config`: writes docs/CONFIGURATION.md from lib/config.ts (scripts/config-reference.ts). */
import { writeFileSync } from "node:fs";
import { CONFIGURATION_REFERENCE_PATH, renderConfigurationReference } from "./config-reference";

writeFileSync(CONFIGURATION_REFERENCE_PATH, await renderConfigurationReference());
console.log(`wrote ${CONFIGURATION_REFERENCE_PATH}`);
