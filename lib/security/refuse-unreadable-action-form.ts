/**
 * A multipart POST to a page is read by Next.js as a Server Action's form, and a body that is not
 * valid multipart makes it throw, which answers a bare 500 (docs/API.md, "Errors": no input causes
 * a 500). The form is read here first, from the copy of the body Next.js gives its proxy: 400 when
 * it cannot be. Null for every other request, and for a form that reads.
 */
export async function refuseUnreadableActionForm(request: Request): Promise<Response | null> {
  if (request.method !== "POST" || !(request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) return null;
  try {
    await request.clone().formData();
    return null;
  } catch {
    return new Response("The form could not be read", { status: 400, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
}
