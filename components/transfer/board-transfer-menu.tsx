"use client";

import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";
import { MoreIcon } from "@/components/ui/icons";
import { MenuButton, type MenuItem } from "@/components/ui/menu-button";
import { Toast } from "@/components/ui/toast";
import { downloadArchive, downloadExport, type ExportFormat } from "./download-export";
import { duplicateSnap } from "./duplicate-snap";
import { SaveTemplateDialog } from "./save-template-dialog";
import { DownloadIcon, DuplicateIcon, TemplateIcon } from "./transfer-icons";

const FORMATS: { format: ExportFormat; label: string }[] = [
  { format: "json", label: "Export as JSON" },
  { format: "zip", label: "Export with files" },
  { format: "csv", label: "Export as CSV (card list)" },
  { format: "csv-grid", label: "Export as CSV (grid)" },
  { format: "png", label: "Export as PNG" },
  { format: "svg", label: "Export as SVG" },
];

interface BoardTransferMenuProps {
  snapId: string;
  title: string;
  /** Saving as a template needs edit access; exporting and duplicating only read access. */
  editable: boolean;
  className: string;
  /** The board's own actions listed first (a phone's header has no room for their buttons). */
  leadingItems?: MenuItem[];
}

/** The board's "More" menu: export (JSON, with files as .snap.zip, CSV, PNG, SVG), duplicate, save as template. */
export function BoardTransferMenu({ snapId, title, editable, className, leadingItems }: BoardTransferMenuProps) {
  const router = useRouter();
  const [notice, setNotice] = useState<{ message: string; tone: "success" | "error" | "info" } | null>(null);
  const [templateOpen, setTemplateOpen] = useState(false);
  const dismiss = useCallback(() => setNotice(null), []);

  async function exportAs(format: ExportFormat) {
    if (format === "zip") {
      downloadArchive(snapId);
      setNotice({ message: "Downloading the board with its files (.snap.zip)…", tone: "info" });
      return;
    }
    setNotice({ message: `Preparing the ${format.toUpperCase()} file…`, tone: "info" });
    const result = await downloadExport(snapId, format);
    setNotice(result.ok ? { message: `Downloaded ${result.filename}`, tone: "success" } : { message: result.error.message, tone: "error" });
  }

  async function duplicate() {
    setNotice({ message: "Duplicating…", tone: "info" });
    const result = await duplicateSnap(snapId);
    if (!result.ok) {
      setNotice({ message: result.error.message, tone: "error" });
      return;
    }
    setNotice({ message: `Opening “${result.data.snap.title}”`, tone: "success" });
    router.push(`/snaps/${encodeURIComponent(result.data.snap.id)}`);
  }

  const items: MenuItem[] = [
    ...FORMATS.map(({ format, label }) => ({
      id: `export-${format}`,
      label,
      icon: <DownloadIcon className="size-4 shrink-0 text-slate-400" />,
      onSelect: () => void exportAs(format),
    })),
    { id: "duplicate", label: "Duplicate", icon: <DuplicateIcon className="size-4 shrink-0 text-slate-400" />, onSelect: () => void duplicate() },
    ...(editable
      ? [
          {
            id: "template",
            label: "Save as template",
            icon: <TemplateIcon className="size-4 shrink-0 text-slate-400" />,
            onSelect: () => setTemplateOpen(true),
          },
        ]
      : []),
  ];

  return (
    <>
      <MenuButton label="More actions for this snap" items={items} leadingItems={leadingItems} buttonClassName={className}>
        <MoreIcon className="size-4.5" />
      </MenuButton>
      <SaveTemplateDialog
        open={templateOpen}
        snapId={snapId}
        defaultName={title}
        onClose={() => setTemplateOpen(false)}
        onSaved={(name) => {
          setTemplateOpen(false);
          setNotice({ message: `Saved “${name}” as a template for your workspace`, tone: "success" });
        }}
      />
      <Toast message={notice?.message ?? null} tone={notice?.tone} onDismiss={dismiss} />
    </>
  );
}
