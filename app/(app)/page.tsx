import { SnapList } from "@/components/home/snap-list";
import { requirePagePrincipal } from "@/lib/auth/get-page-principal";
import { listOwnSnaps } from "@/lib/snaps/list-own-snaps";

/** A simple home until the full dashboard lands: the caller's own snaps. */
export default async function HomePage() {
  const principal = await requirePagePrincipal();
  const snaps = await listOwnSnaps(principal);
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Your snaps</h1>
      <p className="mt-1 mb-6 text-sm text-slate-600">Boards you own, most recently updated first.</p>
      <SnapList snaps={snaps.map((snap) => ({ id: snap.id, title: snap.title, updatedAt: snap.updatedAt.toISOString() }))} />
    </>
  );
}
