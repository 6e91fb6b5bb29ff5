"use client";

import { SelectField } from "@/components/ui/select-field";
import type { DashboardQuery, SortBy, SortOrder, Visibility } from "./dashboard-query";
import { SearchBox } from "./search-box";

const VISIBILITY_OPTIONS = [
  { value: "all", label: "Public and private" },
  { value: "public", label: "Public only" },
  { value: "private", label: "Private only" },
] as const;

const SORT_OPTIONS = [
  { value: "updatedAt", label: "Last updated" },
  { value: "createdAt", label: "Date created" },
  { value: "title", label: "Title" },
] as const;

/** Direction names that read naturally for the field being sorted on. */
function orderOptions(sortBy: SortBy) {
  return sortBy === "title"
    ? [
        { value: "asc", label: "A to Z" },
        { value: "desc", label: "Z to A" },
      ]
    : [
        { value: "desc", label: "Newest first" },
        { value: "asc", label: "Oldest first" },
      ];
}

interface SnapToolbarProps {
  query: DashboardQuery;
  onChange: (patch: Partial<DashboardQuery>, history?: "push" | "replace") => void;
}

export function SnapToolbar({ query, onChange }: SnapToolbarProps) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
      <SearchBox value={query.search} onSearch={(search) => onChange({ search }, "replace")} />
      <div className="grid grid-cols-2 gap-2 sm:flex">
        <SelectField
          label="Visibility"
          hideLabel
          options={VISIBILITY_OPTIONS}
          value={query.visibility}
          onChange={(event) => onChange({ visibility: event.target.value as Visibility })}
          className="col-span-2 sm:w-44"
        />
        <SelectField
          label="Sort by"
          hideLabel
          options={SORT_OPTIONS}
          value={query.sortBy}
          onChange={(event) => {
            const sortBy = event.target.value as SortBy;
            // Titles read best A to Z; dates newest first.
            onChange({ sortBy, sortOrder: sortBy === "title" ? "asc" : "desc" });
          }}
          className="sm:w-36"
        />
        <SelectField
          label="Sort order"
          hideLabel
          options={orderOptions(query.sortBy)}
          value={query.sortOrder}
          onChange={(event) => onChange({ sortOrder: event.target.value as SortOrder })}
          className="sm:w-36"
        />
      </div>
    </div>
  );
}
