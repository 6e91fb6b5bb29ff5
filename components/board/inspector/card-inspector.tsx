"use client";

import { Button } from "@/components/ui/button";
import { ColorPicker } from "@/components/ui/color-picker";
import {
  AlignBottomIcon,
  AlignCenterIcon,
  AlignLeftIcon,
  AlignMiddleIcon,
  AlignRightIcon,
  AlignTopIcon,
  BoldIcon,
  ItalicIcon,
  TrashIcon,
  UnderlineIcon,
} from "@/components/ui/icons";
import { NumberField } from "@/components/ui/number-field";
import { RangeField } from "@/components/ui/range-field";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { SelectField } from "@/components/ui/select-field";
import { TextareaField } from "@/components/ui/textarea-field";
import { ToggleButton } from "@/components/ui/toggle-button";
import { FONT_SIZES } from "@/lib/board-model/card-constants";
import { CARD_TYPES, cardTypeOf } from "@/lib/card-types/registry";
import type { BoardCard, CardPatch } from "../state/board-types";
import { cardTypeViewOf } from "@/lib/card-types/views";
import { InspectorSection } from "./inspector-section";
import { UploadFileButton } from "../files/upload-file-button";
import { CardAttachments } from "../files/card-attachments";

const FONT_LABELS: Record<string, string> = {
  "text-xs": "Extra small",
  "text-sm": "Small",
  "text-base": "Medium",
  "text-lg": "Large",
  "text-xl": "Extra large",
};

interface CardInspectorProps {
  /** The card's snap: where a picked file is uploaded. */
  snapId: string;
  card: BoardCard;
  /** A field edit; edits sharing a key in quick succession undo together. */
  onChange: (patch: CardPatch, key?: string) => void;
  onMove: (target: { row: number; col: number }) => void;
  onResize: (span: { rowSpan: number; colSpan: number }) => void;
  onDelete: () => void;
  onAttach: (file: BoardCard["attachments"][number]) => void;
  onDetach: (fileId: string) => void;
}

/** Every field of the selected card. Each change applies at once and is saved like any board edit. */
export function CardInspector({ snapId, card, onChange, onMove, onResize, onDelete, onAttach, onDetach }: CardInspectorProps) {
  const typeOptions: { value: string; label: string }[] = CARD_TYPES.map((type) => ({ value: type.name, label: type.label }));
  if (!typeOptions.some((option) => option.value === card.cellType)) typeOptions.push({ value: card.cellType, label: `${card.cellType} (custom)` });
  const fontOptions: { value: string; label: string }[] = FONT_SIZES.map((size) => ({
    value: size,
    label: FONT_LABELS[size] ?? size.replace("text-", "").toUpperCase(),
  }));
  if (!fontOptions.some((option) => option.value === card.fontSize)) fontOptions.push({ value: card.fontSize, label: card.fontSize });
  const { url } = cardTypeOf(card.cellType);
  const isUrl = url !== null;
  const { inspector } = cardTypeViewOf(card.cellType);

  return (
    <div className="divide-y divide-slate-100">
      <InspectorSection title="Content">
        <SelectField size="sm" label="Type" value={card.cellType} options={typeOptions} onChange={(event) => onChange({ cellType: event.target.value })} />
        <TextareaField
          label={url ? (url.httpsOnly ? "URL (https)" : "URL") : "Text"}
          value={card.title}
          maxLength={10_000}
          rows={isUrl ? 2 : 3}
          placeholder={isUrl ? "https://…" : "Write something…"}
          spellCheck={!isUrl}
          onChange={(event) => onChange({ title: event.target.value }, `title:${card.id}`)}
        />
        {url && !url.httpsOnly && (
          <UploadFileButton
            snapId={snapId}
            cardId={card.id}
            accept={card.cellType === "image" ? "image/png,image/jpeg,image/webp,image/gif,image/avif" : undefined}
            label={card.cellType === "image" ? "Upload an image…" : "Upload a file…"}
            onUploaded={(uploaded) => onChange({ title: uploaded.url })}
          />
        )}
        <TextareaField
          label={inspector.noteLabel ?? "Note"}
          value={card.note}
          maxLength={10_000}
          rows={2}
          placeholder="Add a note…"
          onChange={(event) => onChange({ note: event.target.value }, `note:${card.id}`)}
        />
        {inspector.completed && (
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={card.completed}
              onChange={(event) => onChange({ completed: event.target.checked })}
              className="size-4 accent-indigo-600"
            />
            Completed
          </label>
        )}
      </InspectorSection>

      <InspectorSection title="Attachments">
        <CardAttachments snapId={snapId} card={card} onAttach={onAttach} onDetach={onDetach} />
      </InspectorSection>

      <InspectorSection title="Fill and border">
        <ColorPicker label="Color" value={card.color} allowNone onChange={(color) => onChange({ color }, `color:${card.id}`)} />
        <RangeField
          label="Opacity"
          value={card.cellOpacity}
          min={0}
          max={100}
          unit="%"
          onChange={(cellOpacity) => onChange({ cellOpacity }, `opacity:${card.id}`)}
        />
        <RangeField
          label="Corner radius"
          value={card.borderRadius}
          min={0}
          max={24}
          unit="px"
          onChange={(borderRadius) => onChange({ borderRadius }, `radius:${card.id}`)}
        />
        <RangeField label="Border" value={card.borderSize} min={0} max={8} unit="px" onChange={(borderSize) => onChange({ borderSize }, `border:${card.id}`)} />
      </InspectorSection>

      <InspectorSection title="Text">
        <SelectField size="sm" label="Font size" value={card.fontSize} options={fontOptions} onChange={(event) => onChange({ fontSize: event.target.value })} />
        <div className="flex flex-wrap items-center gap-2">
          <SegmentedControl
            label="Horizontal alignment"
            value={card.textAlign}
            onChange={(textAlign) => onChange({ textAlign })}
            options={[
              { value: "left", label: "Align left", icon: <AlignLeftIcon className="size-4" /> },
              { value: "center", label: "Align center", icon: <AlignCenterIcon className="size-4" /> },
              { value: "right", label: "Align right", icon: <AlignRightIcon className="size-4" /> },
            ]}
          />
          <SegmentedControl
            label="Vertical alignment"
            value={card.verticalAlign}
            onChange={(verticalAlign) => onChange({ verticalAlign })}
            options={[
              { value: "top", label: "Align top", icon: <AlignTopIcon className="size-4" /> },
              { value: "middle", label: "Align middle", icon: <AlignMiddleIcon className="size-4" /> },
              { value: "bottom", label: "Align bottom", icon: <AlignBottomIcon className="size-4" /> },
            ]}
          />
        </div>
        <div className="flex gap-1.5" role="group" aria-label="Text style">
          <ToggleButton label="Bold" pressed={card.bold} onChange={(bold) => onChange({ bold })}>
            <BoldIcon className="size-4" />
          </ToggleButton>
          <ToggleButton label="Italic" pressed={card.italic} onChange={(italic) => onChange({ italic })}>
            <ItalicIcon className="size-4" />
          </ToggleButton>
          <ToggleButton label="Underline" pressed={card.underline} onChange={(underline) => onChange({ underline })}>
            <UnderlineIcon className="size-4" />
          </ToggleButton>
        </div>
      </InspectorSection>

      <InspectorSection title="Position and size">
        <div className="grid grid-cols-2 gap-3">
          <NumberField label="Row" value={card.row + 1} min={1} max={1000} onCommit={(row) => onMove({ row: row - 1, col: card.col })} />
          <NumberField label="Column" value={card.col + 1} min={1} max={1000} onCommit={(col) => onMove({ row: card.row, col: col - 1 })} />
          <NumberField label="Rows spanned" value={card.rowSpan} min={1} max={100} onCommit={(rowSpan) => onResize({ rowSpan, colSpan: card.colSpan })} />
          <NumberField label="Columns spanned" value={card.colSpan} min={1} max={100} onCommit={(colSpan) => onResize({ rowSpan: card.rowSpan, colSpan })} />
        </div>
      </InspectorSection>

      <div className="p-4">
        <Button variant="secondary" size="sm" onClick={onDelete} className="w-full text-red-700! hover:bg-red-50!">
          <TrashIcon className="size-4" />
          Delete card
        </Button>
      </div>
    </div>
  );
}
