import { GridIcon } from "@/components/ui/icons";

/** The product's logo tile and name. */
export function BrandMark({ size = "md" }: { size?: "md" | "lg" }) {
  const tile = size === "lg" ? "size-10 rounded-xl" : "size-8 rounded-lg";
  return (
    <span className="inline-flex items-center gap-2.5">
      <span className={`flex items-center justify-center bg-indigo-600 text-white shadow-sm ${tile}`}>
        <GridIcon className={size === "lg" ? "size-6" : "size-5"} />
      </span>
      <span className={`font-semibold tracking-tight text-slate-900 ${size === "lg" ? "text-xl" : "text-base"}`}>Snap Board</span>
    </span>
  );
}
