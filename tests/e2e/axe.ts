import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * axe's serious and critical WCAG 2.1 A/AA violations on the page (or on what `include` selects),
 * one line each with the elements it found. Scanned once every finite animation and transition has
 * ended: a dialog fading in, or a button's colour easing on hover, would otherwise be measured half
 * way (a contrast failure that no one sees). `legacyMode` scans the top frame only.
 */
export async function seriousViolations(page: Page, { include, legacyMode = false }: { include?: string; legacyMode?: boolean } = {}): Promise<string[]> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getComputedTiming().endTime === Infinity),
  );
  const builder = new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .withTags(WCAG) // after options(), which replaces them all
    .setLegacyMode(legacyMode);
  const result = await (include ? builder.include(include) : builder).analyze();
  return result.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(" ")} (${node.failureSummary ?? ""})`).join("; ")}`);
}
