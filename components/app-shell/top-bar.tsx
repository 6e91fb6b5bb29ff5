import Link from "next/link";
import { NotificationBell } from "@/components/notifications/notification-bell";
import { SearchLauncher } from "@/components/search/search-launcher";
import { BrandMark } from "./brand-mark";
import { UserMenu } from "./user-menu";

interface TopBarProps {
  name: string | null;
  email: string;
  signOutAction: () => Promise<void>;
}

export function TopBar({ name, email, signOutAction }: TopBarProps) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/85 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link href="/" className="rounded-lg">
          <BrandMark />
        </Link>
        <div className="flex items-center gap-1 sm:gap-2">
          <SearchLauncher />
          <NotificationBell />
          <UserMenu name={name} email={email} signOutAction={signOutAction} />
        </div>
      </div>
    </header>
  );
}
