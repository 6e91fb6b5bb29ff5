import type { Metadata } from "next";
import Link from "next/link";
import { BrandMark } from "@/components/app-shell/brand-mark";
import { TopBar } from "@/components/app-shell/top-bar";
import { ApiReference } from "@/components/docs/api-reference";
import type { OpenApiDoc } from "@/components/docs/openapi-types";
import { buttonClassName } from "@/components/ui/button";
import { getPagePrincipal } from "@/lib/auth/get-page-principal";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";
import { signOutAction } from "../(app)/sign-out-action";

export const metadata: Metadata = { title: "API reference" };

/**
 * The interactive API reference, served by the app itself (no CDN): readable by anyone, with
 * "Try it" for a signed-in user. It renders the same document as GET /api/openapi.json.
 */
export default async function DocsPage() {
  const principal = await getPagePrincipal();
  const doc = buildOpenApiDocument() as unknown as OpenApiDoc;
  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:shadow"
      >
        Skip to content
      </a>
      {principal ? (
        <TopBar name={principal.name} email={principal.email} signOutAction={signOutAction} />
      ) : (
        <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/85 backdrop-blur">
          <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
            <Link href="/" className="rounded-lg">
              <BrandMark />
            </Link>
            <Link href="/sign-in" className={buttonClassName("secondary", "sm")}>
              Sign in
            </Link>
          </div>
        </header>
      )}
      <main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
        <ApiReference doc={doc} signedIn={principal !== null} />
      </main>
    </div>
  );
}
