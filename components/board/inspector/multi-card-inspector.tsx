"use client";

import { Button } from "@/components/ui/button";
import { ColorPicker } from "@/components/ui/color-picker";
import { AlignCenterIcon, AlignLeftIcon, AlignRightIcon, BoldIcon, ItalicIcon, TrashIcon, UnderlineIcon } from "@/components/ui/icons";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { SelectField } from "@/components/ui/select-field";
import { ToggleButton } from "@/components/ui/toggle-button";
import { CARD_FIELDS, cardFieldValueLabel } from "@/lib/board-model/card-fields";
import { CARD_TYPES } from "@/lib/card-types/registry";
import type { BoardCard, CardPatch } from "../state/board-types";
import { countLabel } from "../state/selection-model";
import { InspectorSection } from "./inspector-section";

interface MultiCardInspectorProps {
  cards: readonly BoardCard[];
  /** One change for every selected card (one request, one undo step). */
  onChange: (patch: CardPatch, key?: string) => void;
  onDelete: () => void;
}

/** A field's value shared by every card, or MIXED when they differ. */
const MIXED = Symbol("mixed");
type Shared<T> = T | typeof MIXED;

function shared<K extends keyof BoardCard>(cards: readonly BoardCard[], field: K): Shared<BoardCard[K]> {
  const first = cards[0]![field];
  return cards.every((card) => card[field] === first) ? first : MIXED;
}

/** A field's name in the inspector (card-fields.ts), marked when the cards differ. */
function labelOf(field: keyof typeof CARD_FIELDS, value: unknown): string {
  return value === MIXED ? `${CARD_FIELDS[field].label} (mixed)` : CARD_FIELDS[field].label;
}

/**
 * The inspector of several selected cards: each field shows the value they share, or "Mixed";
 * a change applies to all of them.
 */
export function MultiCardInspector({ cards, onChange, onDelete }: MultiCardInspectorProps) {
  const type = shared(cards, "cellType");
  const color = shared(cards, "color");
  const fontSize = shared(cards, "fontSize");
  const textAlign = shared(cards, "textAlign");
  const bold = shared(cards, "bold");
  const italic = shared(cards, "italic");
  const underline = shared(cards, "underline");
  const mixedOption = { value: "", label: "Mixed" };
  const typeOptions = [...(type === MIXED ? [mixedOption] : []), ...CARD_TYPES.map((option) => ({ value: option.name, label: option.label }))];
  if (type !== MIXED && !typeOptions.some((option) => option.value === type)) typeOptions.push({ value: type, label: `${type} (custom)` });
  const fontOptions = [
    ...(fontSize === MIXED ? [mixedOption] : []),
    ...CARD_FIELDS.fontSize.values.map((size) => ({ value: size, label: cardFieldValueLabel("fontSize", size) })),
  ];

  return (
    <div className="divide-y divide-slate-100" data-multi-inspector>
      <p className="px-4 py-3 text-sm text-slate-600">
        {countLabel(cards.length)} selected. A change here applies to all of them; fields where they differ say <em>Mixed</em>.
      </p>
      <InspectorSection title="Content">
        <SelectField
          size="sm"
          label={labelOf("cellType", type)}
          value={type === MIXED ? "" : type}
          options={typeOptions}
          onChange={(event) => event.target.value && onChange({ cellType: event.target.value })}
        />
      </InspectorSection>
      <InspectorSection title="Fill">
        <div>
          <ColorPicker label={labelOf("color", color)} value={color === MIXED ? "" : color} allowNone onChange={(next) => onChange({ color: next })} />
        </div>
      </InspectorSection>
      <InspectorSection title="Text">
        <SelectField
          size="sm"
          label={labelOf("fontSize", fontSize)}
          value={fontSize === MIXED ? "" : fontSize}
          options={fontOptions}
          onChange={(event) => event.target.value && onChange({ fontSize: event.target.value })}
        />
        <SegmentedControl
          label={labelOf("textAlign", textAlign)}
          value={textAlign === MIXED ? "" : textAlign}
          onChange={(next) => onChange({ textAlign: next as BoardCard["textAlign"] })}
          options={[
            { value: "left", label: "Align left", icon: <AlignLeftIcon className="size-4" /> },
            { value: "center", label: "Align center", icon: <AlignCenterIcon className="size-4" /> },
            { value: "right", label: "Align right", icon: <AlignRightIcon className="size-4" /> },
          ]}
        />
        <div className="flex items-center gap-1.5" role="group" aria-label="Text style">
          <ToggleButton label={labelOf("bold", bold)} pressed={bold === true} onChange={() => onChange({ bold: bold !== true })}>
            <BoldIcon className="size-4" />
          </ToggleButton>
          <ToggleButton label={labelOf("italic", italic)} pressed={italic === true} onChange={() => onChange({ italic: italic !== true })}>
            <ItalicIcon className="size-4" />
          </ToggleButton>
          <ToggleButton label={labelOf("underline", underline)} pressed={underline === true} onChange={() => onChange({ underline: underline !== true })}>
            <UnderlineIcon className="size-4" />
          </ToggleButton>
        </div>
      </InspectorSection>
      <div className="p-4">
        <Button variant="secondary" size="sm" onClick={onDelete} className="w-full text-red-700! hover:bg-red-50!">
          <TrashIcon className="size-4" />
          Delete {countLabel(cards.length)}
        </Button>
      </div>
    </div>
  );
}
