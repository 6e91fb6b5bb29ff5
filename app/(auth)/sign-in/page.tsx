import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { getPagePrincipal } from "@/lib/auth/get-page-principal";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage() {
  if (await getPagePrincipal()) redirect("/");
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Welcome back</h1>
      <p className="mt-1.5 mb-6 text-sm text-slate-600">Sign in to your boards.</p>
      <SignInForm />
    </>
  );
}
