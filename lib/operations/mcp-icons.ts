/**
 * The icons MCP clients show beside the server, its tools, resources and prompts. Data URIs, so a
 * client needs no second request and the icon is right whatever address the server is reached at.
 */
export interface McpIcon {
  src: string;
  mimeType: "image/svg+xml";
  sizes: ["any"];
}

function svgIcon(body: string): McpIcon[] {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#4f46e5"/><g fill="none" stroke="#fff" stroke-width="4" stroke-linejoin="round" stroke-linecap="round">${body}</g></svg>`;
  return [{ src: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`, mimeType: "image/svg+xml", sizes: ["any"] }];
}

/** The board mark of public/icon.svg: the server, boards and reading tools. */
export const BOARD_ICONS = svgIcon(
  '<rect x="15" y="15" width="14" height="14" rx="3"/><rect x="35" y="15" width="14" height="14" rx="3"/><rect x="15" y="35" width="14" height="14" rx="3"/><rect x="35" y="35" width="14" height="14" rx="3"/>',
);
/** A pencil: tools that write. */
export const WRITE_ICONS = svgIcon('<path d="M18 46l4-12 20-20 8 8-20 20z"/><path d="M38 18l8 8"/>');
/** A bin: tools that delete or overwrite. */
export const DESTRUCTIVE_ICONS = svgIcon('<path d="M18 22h28M26 22v-5h12v5M21 22l2 26h18l2-26"/>');
/** A card: cards and prompts. */
export const CARD_ICONS = svgIcon('<rect x="16" y="18" width="32" height="28" rx="4"/><path d="M22 28h20M22 36h12"/>');
