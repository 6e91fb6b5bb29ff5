import { ChevronDownIcon } from "@/components/ui/icons";
import { ROLE_OPTIONS, type WorkspaceMember } from "./workspace-types";

type Role = WorkspaceMember["role"];

interface RoleSelectProps {
  value: Role;
  onChange: (role: Role) => void;
  /** The accessible name when no <label> points at it (in a table row). */
  label?: string;
  id?: string;
  disabled?: boolean;
  /** Size and spacing; the look is shared. */
  className?: string;
}

/** A native select of the two roles, drawn like the app's other fields. */
export function RoleSelect({ value, onChange, label, id, disabled, className = "" }: RoleSelectProps) {
  return (
    <div className="relative">
      <select
        id={id}
        aria-label={label}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as Role)}
        className={`block appearance-none border border-slate-300 bg-white pr-8 text-sm text-slate-800 shadow-sm focus:border-indigo-500 focus:outline-offset-0! disabled:bg-slate-50 disabled:text-slate-500 ${className}`}
      >
        {ROLE_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-slate-400" />
    </div>
  );
}
