"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useRef, useState, type FormEvent } from "react";
import { callApi, fieldErrorsOf } from "@/components/http/call-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";

type Field = "name" | "email" | "password";
type FieldErrors = Partial<Record<Field, string>>;
const FIELDS: Field[] = ["name", "email", "password"];

/** `next`: where to go once signed in (a path of this app, checked by the page). */
export function SignUpForm({ next = "/" }: { next?: string }) {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  function showFieldErrors(errors: FieldErrors) {
    setFieldErrors(errors);
    const first = FIELDS.find((field) => errors[field]);
    if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get("name") ?? "").trim();
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    setFormError(null);

    const missing: FieldErrors = {};
    if (!email) missing.email = "Enter your email address";
    if (!password) missing.password = "Choose a password";
    if (missing.email || missing.password) return showFieldErrors(missing);

    setPending(true);
    // The server owns the rules (email shape, password strength, taken email); its details land on the fields.
    const created = await callApi("/api/account", { method: "POST", body: name ? { email, password, name } : { email, password } });
    if (!created.ok) {
      const byPath = fieldErrorsOf(created.error);
      const errors: FieldErrors = { name: byPath.name, email: byPath.email, password: byPath.password };
      if (FIELDS.some((field) => errors[field])) showFieldErrors(errors);
      else {
        setFieldErrors({});
        setFormError(created.error.message);
      }
      setPending(false);
      return;
    }

    const signedIn = await signIn("credentials", { email, password, redirect: false }).catch(() => undefined);
    if (!signedIn?.ok || signedIn.error) {
      setFormError("Your account is ready, but signing you in failed. Please sign in.");
      setPending(false);
      return;
    }
    router.replace(next);
    router.refresh();
  }

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit} className="space-y-5">
      {formError && <Alert>{formError}</Alert>}
      <TextField label="Name" labelAside="Optional" name="name" autoComplete="name" maxLength={100} error={fieldErrors.name} />
      <TextField label="Email" name="email" type="email" autoComplete="email" required error={fieldErrors.email} />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 8 characters, mixing letters with digits or symbols."
        error={fieldErrors.password}
      />
      <Button type="submit" pending={pending} className="w-full">
        {pending ? "Creating account…" : "Create account"}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Already have an account?{" "}
        <Link href={next === "/" ? "/sign-in" : `/sign-in?next=${encodeURIComponent(next)}`} className="font-semibold text-indigo-600 hover:text-indigo-500">
          Sign in
        </Link>
      </p>
    </form>
  );
}
