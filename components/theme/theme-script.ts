/** Where the choice is kept, per browser: "light", "dark", or absent for the system's setting. */
export const THEME_STORAGE_KEY = "snap-theme";

export type ThemeChoice = "light" | "dark" | "system";

/**
 * Runs in <head> before the first paint (the root layout inlines it with the CSP nonce): sets the
 * `dark` class and color-scheme from the stored choice or the system's, so no page flashes the
 * wrong theme; and follows the system's setting live while the choice is "system". Kept tiny and
 * dependency-free; the theme menu applies a new choice the same way (use-theme.ts).
 */
export const THEME_SCRIPT = `(function(){var m=matchMedia("(prefers-color-scheme: dark)");function a(){try{var c=localStorage.getItem("${THEME_STORAGE_KEY}");var d=c==="dark"||(c!=="light"&&m.matches);var e=document.documentElement;e.classList.toggle("dark",d);e.style.colorScheme=d?"dark":"light";}catch(_){}}a();m.addEventListener("change",a);})();`;
