import type { SVGProps } from "react";

type IconProps = SVGProps<SVGSVGElement>;

const base = {
  xmlns: "http://www.w3.org/2000/svg",
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  "aria-hidden": true,
} as const;

export function DownloadIcon(props: IconProps) {
  return (
    <svg {...base} className="size-4 shrink-0" {...props}>
      <path d="M12 4v11m0 0 4-4m-4 4-4-4M5 19h14" />
    </svg>
  );
}

export function UploadIcon(props: IconProps) {
  return (
    <svg {...base} className="size-4 shrink-0" {...props}>
      <path d="M12 16V5m0 0 4 4m-4-4-4 4M5 19h14" />
    </svg>
  );
}

export function DuplicateIcon(props: IconProps) {
  return (
    <svg {...base} className="size-4 shrink-0" {...props}>
      <rect x="8" y="8" width="12" height="12" rx="2" />
      <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
    </svg>
  );
}

export function TemplateIcon(props: IconProps) {
  return (
    <svg {...base} className="size-4 shrink-0" {...props}>
      <rect x="4" y="4" width="16" height="16" rx="2" />
      <path d="M4 10h16M10 10v10" />
    </svg>
  );
}
