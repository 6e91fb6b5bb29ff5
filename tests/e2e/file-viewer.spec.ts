import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { api, cardAt, createSnap, openBoard, signUp } from "./board-helpers";
import { seriousViolations } from "./axe";

/**
 * A card's images and PDFs open in the page (components/board/files/file-viewer.tsx): images with
 * Previous / Next and the arrow keys, a PDF framed from ?view=1, Download, Escape back to the chip.
 * An SVG or HTML upload stays a download and cannot run script in the app's origin.
 */
test.describe.configure({ timeout: 150_000 });

const ARTIFACTS = "tests/artifacts";
const PHONE = { width: 390, height: 844 };
const HOSTILE_SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>top.__pwned = "svg"; top.document.title = "pwned"</script></svg>';
const HOSTILE_HTML = '<!doctype html><script>top.__pwned = "html"; top.document.title = "pwned"</script>';

async function upload(page: Page, snapId: string, name: string, bytes: Buffer): Promise<{ id: string; contentType: string; url: string }> {
  const response = await page.request.post(`/api/snaps/${snapId}/files?name=${encodeURIComponent(name)}`, {
    data: bytes,
    headers: { "content-type": "application/octet-stream", Origin: new URL(test.info().project.use.baseURL!).origin },
  });
  expect(response.status(), name).toBe(201);
  return (await response.json()).file;
}

const png = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
const pdf = () => Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

/** A board whose first card carries two images, a PDF, an SVG and an HTML page (uploaded as .html). */
async function boardWithFiles(page: Page) {
  await signUp(page, "Vera Viewer");
  const snap = await createSnap(page, { title: "Mood board", rows: 1, cols: 2 });
  const files = [
    await upload(page, snap.id, "sunset.png", await png(640, 360, "#f97316")),
    await upload(page, snap.id, "sea.png", await png(300, 500, "#0ea5e9")),
    await upload(page, snap.id, "brief.pdf", pdf()),
    await upload(page, snap.id, "logo.svg", Buffer.from(HOSTILE_SVG)),
    await upload(page, snap.id, "page.html", Buffer.from(HOSTILE_HTML)),
  ];
  const card = snap.cards.find((each) => each.row === 0 && each.col === 0)!;
  const patched = await api(page, "PATCH", `/api/snaps/cards/${card.id}`, { title: "Refs", attachments: files.map((file) => file.id) });
  expect(patched.status).toBe(200);
  return { snap, files };
}

for (const viewport of [undefined, PHONE]) {
  const size = viewport ? "phone" : "laptop";
  test(`an image or PDF attachment opens in the viewer: arrows step, Download, Escape returns focus (${size})`, async ({ page }) => {
    if (viewport) await page.setViewportSize(viewport);
    const { snap } = await boardWithFiles(page);
    await openBoard(page, snap.id);
    await cardAt(page, 1, 1).click();
    const attachments = page.getByRole("list", { name: "Attachments" });
    await expect(attachments.getByRole("listitem")).toHaveCount(5);
    // Images and the PDF open; the SVG and the HTML page are downloads only.
    await expect(attachments.getByRole("button", { name: /^Open / })).toHaveCount(3);
    await expect(attachments.getByRole("button", { name: "Open logo.svg" })).toHaveCount(0);
    await expect(attachments.getByRole("link", { name: "Download logo.svg" })).toBeVisible();

    // Opened from the keyboard: focus lands on Close, with a visible ring.
    const opener = attachments.getByRole("button", { name: "Open sunset.png" });
    await opener.focus();
    await page.keyboard.press("Enter");
    const viewer = page.getByRole("dialog", { name: "sunset.png, 1 of 3" });
    await expect(viewer).toBeVisible();
    const close = viewer.getByRole("button", { name: "Close viewer" });
    await expect(close).toBeFocused();
    expect(await close.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe("solid");
    const image = viewer.getByRole("img", { name: "sunset.png" });
    await expect(image).toHaveAttribute("src", /\/api\/files\/[^?]+\?size=display$/);
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(640);
    // The whole viewer is on screen, its controls inside it.
    const screen = page.viewportSize()!;
    for (const control of [close, viewer.getByRole("link", { name: "Download sunset.png" }), viewer.getByRole("button", { name: "Next file" })]) {
      const box = (await control.boundingBox())!;
      expect(box.x >= 0 && box.y >= 0 && box.x + box.width <= screen.width && box.y + box.height <= screen.height).toBe(true);
    }
    await page.screenshot({ path: `${ARTIFACTS}/file-viewer-image-${size}.png` });

    // The arrow keys step through the card's images and PDF, round the end; the board stays put.
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("dialog", { name: "sea.png, 2 of 3" })).toBeVisible();
    await expect(page.getByRole("dialog").getByRole("img", { name: "sea.png" })).toBeVisible();
    const framed = page.waitForResponse((response) => response.url().includes("?view=1"));
    await page.keyboard.press("ArrowRight");
    const pdfViewer = page.getByRole("dialog", { name: "brief.pdf, 3 of 3" });
    await expect(pdfViewer).toBeVisible();
    // The page's CSP lets the frame load (frame-src 'self'), and the answer is the inline PDF.
    const pdfAnswer = await framed;
    expect(pdfAnswer.status()).toBe(200);
    expect(pdfAnswer.headers()["content-type"]).toBe("application/pdf");
    expect(pdfAnswer.headers()["content-disposition"]).toMatch(/^inline; /);
    await expect(pdfViewer.locator("iframe")).toHaveAttribute("title", "brief.pdf (PDF)");
    await page.screenshot({ path: `${ARTIFACTS}/file-viewer-pdf-${size}.png` });
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("dialog", { name: "sunset.png, 1 of 3" })).toBeVisible();
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByRole("dialog", { name: "brief.pdf, 3 of 3" })).toBeVisible();
    await page.getByRole("button", { name: "Previous file" }).click();
    await expect(page.getByRole("dialog", { name: "sea.png, 2 of 3" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Download in the viewer saves the file under its name.
    const download = page.waitForEvent("download");
    await page.getByRole("dialog").getByRole("link", { name: "Download sea.png" }).click();
    expect((await download).suggestedFilename()).toBe("sea.png");

    // Escape closes it; focus is back on the chip that opened it; the selection did not move.
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(opener).toBeFocused();
    await expect(cardAt(page, 1, 1)).toHaveAttribute("aria-selected", "true");
  });
}

test("an uploaded SVG or HTML file cannot run script in the app's origin, framed or fetched for the viewer", async ({ page }) => {
  const { snap, files } = await boardWithFiles(page);
  const [svg, html] = [files[3]!, files[4]!];
  expect(svg.contentType).toBe("image/svg+xml");
  expect(html.contentType).toMatch(/^text\/plain/);
  for (const file of [svg, html]) {
    const plain = await page.request.get(file.url);
    expect(plain.headers()["content-security-policy"]).toMatch(/\bsandbox\b/);
    expect(plain.headers()["content-disposition"]).toMatch(/^attachment; /);
    expect(plain.headers()["x-content-type-options"]).toBe("nosniff");
    // The viewer's unsandboxed ?view=1 is for PDFs only.
    expect((await page.request.get(`${file.url}?view=1`)).status()).toBe(400);
  }
  await openBoard(page, snap.id);
  // Framed in the app's page: the plain answer is a download (never a document); ?view=1 is a 400
  // whose JSON shows as text. Nothing of theirs runs here.
  const frame = (url: string) =>
    page.evaluate(
      (url) =>
        new Promise<void>((resolve) => {
          const element = document.createElement("iframe");
          element.src = url;
          element.addEventListener("load", () => resolve());
          document.body.append(element);
        }),
      url,
    );
  for (const file of [svg, html]) {
    const download = page.waitForEvent("download");
    await page.evaluate((url) => document.body.append(Object.assign(document.createElement("iframe"), { src: url })), file.url);
    expect((await download).suggestedFilename()).toMatch(/^(logo\.svg|page\.html)$/);
    await frame(`${file.url}?view=1`);
  }
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  await expect(page).not.toHaveTitle("pwned");
});
