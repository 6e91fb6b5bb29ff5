import colors from "tailwindcss/colors";
import plugin from "tailwindcss/plugin";

/**
 * Which shade of the light palette each dark shade takes: the scale mirrored, 400 and 500 swapped
 * so mid-grey text stays readable, and 900 and 950 both the lightest (50).
 */
const LIGHT_SHADE_FOR = { 50: 950, 100: 900, 200: 800, 300: 700, 400: 500, 500: 400, 600: 300, 700: 200, 800: 100, 900: 50, 950: 50 } as const;

/**
 * The dark theme's palette (app/theme-dark.css): every scale Tailwind has, drawn from Tailwind's own
 * values, so a new scale or a Tailwind upgrade is themed with no list to keep in step.
 */
export default plugin(({ addBase }) => {
  const palette: Record<string, string> = {};
  const light: Record<string, string> = { "--color-white": colors.white, "--color-black": colors.black };
  for (const [name, scale] of Object.entries(colors)) {
    if (typeof scale !== "object") continue; // black, white, current, inherit, transparent
    for (const [shade, lightShade] of Object.entries(LIGHT_SHADE_FOR)) {
      palette[`--color-${name}-${shade}`] = scale[lightShade];
      light[`--color-${name}-${shade}`] = scale[Number(shade) as keyof typeof LIGHT_SHADE_FOR];
    }
  }
  // A code block (and the toast) is dark with light text in both themes, as code is read everywhere
  // else: inside `.keep-light-palette` the classes mean what they mean in the light theme. On the dark
  // page such a block gets a faint edge, drawn inside it (no layout change, clipped by no ancestor);
  // a focus ring (globals.css, unlayered) still wins over it.
  addBase({
    ":root.dark": palette,
    ":root.dark .keep-light-palette": { ...light, outline: `1px solid ${colors.slate[700]}`, "outline-offset": "-1px" },
  });
});
