"use client";

import { useId } from "react";
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
import { CARD_FIELDS, cardFieldValueLabel } from "@/lib/board-model/card-fields";
import { CARD_TYPES, cardTypeOf } from "@/lib/card-types/registry";
import type { BoardCard, CardPatch } from "../state/board-types";
import { cardTypeViewOf } from "@/lib/card-types/views";
import { InspectorSection } from "./inspector-section";
import { lockedReason } from "../grid/placement";
import { UploadFileButton } from "../files/upload-file-button";
import { CardAttachments } from "../files/card-attachments";

/** The inspector's names and bounds of the card's fields are the card field table's (card-fields.ts). */
const F = CARD_FIELDS;

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
  const fontOptions: { value: string; label: string }[] = F.fontSize.values.map((size) => ({ value: size, label: cardFieldValueLabel("fontSize", size) }));
  if (!fontOptions.some((option) => option.value === card.fontSize)) fontOptions.push({ value: card.fontSize, label: card.fontSize });
  const { url } = cardTypeOf(card.cellType);
  const isUrl = url !== null;
  const { inspector } = cardTypeViewOf(card.cellType);
  // A locked card's text, place, size and deletion wait until it is unlocked (docs/BOARD_COMMANDS.md, "Lock"): said here, not refused on save.
  const lockId = useId();
  const locked = card.locked;
  const lockedBy = locked ? lockId : undefined;

  return (
    <div className="divide-y divide-slate-100">
      {locked && (
        <div className="flex items-start justify-between gap-3 bg-amber-50 p-4 text-sm text-amber-900">
          <p id={lockId}>{lockedReason(card)} Its text, place and size cannot be changed, and it cannot be deleted; its look can.</p>
          <Button variant="secondary" size="sm" onClick={() => onChange({ locked: false })}>
            Unlock
          </Button>
        </div>
      )}
      <InspectorSection title="Content">
        <SelectField
          size="sm"
          label={F.cellType.label}
          value={card.cellType}
          options={typeOptions}
          onChange={(event) => onChange({ cellType: event.target.value })}
        />
        <TextareaField
          label={url ? (url.httpsOnly ? "URL (https)" : "URL") : F.title.label}
          value={card.title}
          maxLength={F.title.maxLength}
          rows={isUrl ? 2 : 3}
          placeholder={isUrl ? "https://…" : "Write something…"}
          spellCheck={!isUrl}
          readOnly={locked}
          aria-describedby={lockedBy}
          onChange={(event) => onChange({ title: event.target.value }, `title:${card.id}`)}
        />
        {url && !url.httpsOnly && !locked && (
          <UploadFileButton
            snapId={snapId}
            cardId={card.id}
            accept={card.cellType === "image" ? "image/png,image/jpeg,image/webp,image/gif,image/avif" : undefined}
            label={card.cellType === "image" ? "Upload an image…" : "Upload a file…"}
            onUploaded={(uploaded) => onChange({ title: uploaded.url })}
          />
        )}
        <TextareaField
          label={inspector.noteLabel ?? F.note.label}
          value={card.note}
          maxLength={F.note.maxLength}
          rows={2}
          placeholder="Add a note…"
          readOnly={locked}
          aria-describedby={lockedBy}
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
            {F.completed.label}
          </label>
        )}
      </InspectorSection>

      <InspectorSection title={F.attachments.label}>
        <CardAttachments snapId={snapId} card={card} onAttach={onAttach} onDetach={onDetach} />
      </InspectorSection>

      <InspectorSection title="Fill and border">
        <ColorPicker label={F.color.label} value={card.color} allowNone onChange={(color) => onChange({ color }, `color:${card.id}`)} />
        <RangeField
          label={F.cellOpacity.label}
          value={card.cellOpacity}
          min={F.cellOpacity.min}
          max={F.cellOpacity.max}
          unit="%"
          onChange={(cellOpacity) => onChange({ cellOpacity }, `opacity:${card.id}`)}
        />
        <RangeField
          label={F.borderRadius.label}
          value={card.borderRadius}
          min={F.borderRadius.min}
          max={F.borderRadius.max}
          unit="px"
          onChange={(borderRadius) => onChange({ borderRadius }, `radius:${card.id}`)}
        />
        <RangeField
          label={F.borderSize.label}
          value={card.borderSize}
          min={F.borderSize.min}
          max={F.borderSize.max}
          unit="px"
          onChange={(borderSize) => onChange({ borderSize }, `border:${card.id}`)}
        />
      </InspectorSection>

      <InspectorSection title="Text">
        <SelectField
          size="sm"
          label={F.fontSize.label}
          value={card.fontSize}
          options={fontOptions}
          onChange={(event) => onChange({ fontSize: event.target.value })}
        />
        <div className="flex flex-wrap items-center gap-2">
          <SegmentedControl
            label={F.textAlign.label}
            value={card.textAlign}
            onChange={(textAlign) => onChange({ textAlign })}
            options={[
              { value: "left", label: "Align left", icon: <AlignLeftIcon className="size-4" /> },
              { value: "center", label: "Align center", icon: <AlignCenterIcon className="size-4" /> },
              { value: "right", label: "Align right", icon: <AlignRightIcon className="size-4" /> },
            ]}
          />
          <SegmentedControl
            label={F.verticalAlign.label}
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
          <ToggleButton label={F.bold.label} pressed={card.bold} onChange={(bold) => onChange({ bold })}>
            <BoldIcon className="size-4" />
          </ToggleButton>
          <ToggleButton label={F.italic.label} pressed={card.italic} onChange={(italic) => onChange({ italic })}>
            <ItalicIcon className="size-4" />
          </ToggleButton>
          <ToggleButton label={F.underline.label} pressed={card.underline} onChange={(underline) => onChange({ underline })}>
            <UnderlineIcon className="size-4" />
          </ToggleButton>
        </div>
      </InspectorSection>

      <InspectorSection title="Position and size">
        <div className="grid grid-cols-2 gap-3">
          {/* Rows and columns are counted from 1 here, from 0 in the API. */}
          <NumberField
            label={F.row.label}
            value={card.row + 1}
            min={F.row.min + 1}
            max={F.row.max + 1}
            onCommit={(row) => onMove({ row: row - 1, col: card.col })}
            disabled={locked}
            describedBy={lockedBy}
          />
          <NumberField
            label={F.col.label}
            value={card.col + 1}
            min={F.col.min + 1}
            max={F.col.max + 1}
            onCommit={(col) => onMove({ row: card.row, col: col - 1 })}
            disabled={locked}
            describedBy={lockedBy}
          />
          <NumberField
            label={F.rowSpan.label}
            value={card.rowSpan}
            min={F.rowSpan.min}
            max={F.rowSpan.max}
            onCommit={(rowSpan) => onResize({ rowSpan, colSpan: card.colSpan })}
            disabled={locked}
            describedBy={lockedBy}
          />
          <NumberField
            label={F.colSpan.label}
            value={card.colSpan}
            min={F.colSpan.min}
            max={F.colSpan.max}
            onCommit={(colSpan) => onResize({ rowSpan: card.rowSpan, colSpan })}
            disabled={locked}
            describedBy={lockedBy}
          />
        </div>
      </InspectorSection>

      <div className="p-4">
        <Button
          variant="secondary"
          size="sm"
          onClick={onDelete}
          disabled={locked}
          aria-describedby={lockedBy}
          className="w-full text-red-700! hover:bg-red-50!"
        >
          <TrashIcon className="size-4" />
          Delete card
        </Button>
      </div>
    </div>
  );
}
