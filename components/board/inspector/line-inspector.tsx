"use client";

import { Button } from "@/components/ui/button";
import { ColorPicker } from "@/components/ui/color-picker";
import { TrashIcon } from "@/components/ui/icons";
import { SegmentedControl } from "@/components/ui/segmented-control";
import type { BoardLine, LinePatch } from "../state/board-types";
import { InspectorSection } from "./inspector-section";

const LINE_COLORS = ["#64748b", "#1e293b", "#ef4444", "#f97316", "#eab308", "#22c55e", "#06b6d4", "#3b82f6", "#6366f1", "#a855f7"];

interface LineInspectorProps {
  line: BoardLine;
  onChange: (patch: LinePatch) => void;
  onDelete: () => void;
}

export function LineInspector({ line, onChange, onDelete }: LineInspectorProps) {
  return (
    <div className="divide-y divide-slate-100">
      <InspectorSection title="Appearance">
        <div className="space-y-1">
          <p className="text-xs font-medium text-slate-700">Style</p>
          <SegmentedControl
            label="Line style"
            value={line.style}
            onChange={(style) => onChange({ style })}
            options={[
              { value: "solid", label: "Solid" },
              { value: "dashed", label: "Dashed" },
            ]}
          />
        </div>
        <div className="space-y-1">
          <p className="text-xs font-medium text-slate-700">Arrowheads</p>
          <SegmentedControl
            label="Arrowheads"
            value={line.arrow}
            onChange={(arrow) => onChange({ arrow })}
            options={[
              { value: "none", label: "None" },
              { value: "end", label: "End" },
              { value: "both", label: "Both" },
            ]}
          />
        </div>
        <ColorPicker label="Color" value={line.color} swatches={LINE_COLORS} onChange={(color) => onChange({ color })} />
      </InspectorSection>
      <div className="p-4">
        <Button variant="secondary" size="sm" onClick={onDelete} className="w-full text-red-700! hover:bg-red-50!">
          <TrashIcon className="size-4" />
          Delete line
        </Button>
      </div>
    </div>
  );
}
