// `npm run icons`: renders OnAir Desk's icon set from its one source drawing,
// resources/icons/icon.svg, into resources/icons/ (the generated files are committed, so a
// build never needs this script):
//   png/<N>x<N>.png  N = 16, 24, 32, 48, 64, 128, 256, 512, 1024 (electron-builder's Linux
//                    icon folder: AppImage and deb take every size from it)
//   icon.png         1024 px (the window icon on Linux, and electron-builder's fallback)
//   icon.ico         Windows (NSIS installer and the .exe): 16 to 256 px
//   icon.icns        macOS (the .app and the dmg): 16 to 1024 px
// SVG to PNG through @resvg/resvg-js (every size rendered from the drawing, never scaled
// from a bitmap); .ico and .icns packed from the 1024 px render by png2icons.
// `node scripts/icons.mjs --check` renders in memory and fails if a committed PNG differs
// from what the drawing gives, so a changed drawing cannot ship with old icons.
import { Resvg } from '@resvg/resvg-js';
import png2icons from 'png2icons';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** Pixel sizes rendered from the drawing (square), smallest first. */
export const iconSizes = [16, 24, 32, 48, 64, 128, 256, 512, 1024];

const iconsDir = fileURLToPath(new URL('../resources/icons/', import.meta.url));
const check = process.argv.includes('--check');

const svg = await readFile(`${iconsDir}icon.svg`);

/** The drawing rendered at `size` × `size` px, as PNG bytes. */
function render(size) {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: size },
    // The drawing has no text: no system fonts are loaded, so every machine renders alike.
    font: { loadSystemFonts: false },
    shapeRendering: 2,
  });
  return Buffer.from(resvg.render().asPng());
}

const pngs = new Map(iconSizes.map((size) => [size, render(size)]));
const master = pngs.get(1024);

if (check) {
  const stale = [];
  for (const [size, png] of pngs) {
    const committed = await readFile(`${iconsDir}png/${size}x${size}.png`).catch(() => null);
    if (committed === null || !committed.equals(png)) stale.push(`png/${size}x${size}.png`);
  }
  if (stale.length > 0) {
    console.error(`icons: out of date with icon.svg (run npm run icons): ${stale.join(', ')}`);
    process.exit(1);
  }
  console.log(`icons: ${iconSizes.length} PNG sizes match icon.svg`);
} else {
  await mkdir(`${iconsDir}png`, { recursive: true });
  for (const [size, png] of pngs) await writeFile(`${iconsDir}png/${size}x${size}.png`, png);
  await writeFile(`${iconsDir}icon.png`, master);
  // Bicubic resampling for the sizes png2icons derives; PNG-compressed entries in the .ico
  // (Windows Vista and later), and the .ico sized for a Windows executable's resources.
  const ico = png2icons.createICO(master, png2icons.BICUBIC2, 0, true, true);
  const icns = png2icons.createICNS(master, png2icons.BICUBIC2, 0);
  if (ico === null || icns === null) throw new Error('png2icons could not pack the icon');
  await writeFile(`${iconsDir}icon.ico`, ico);
  await writeFile(`${iconsDir}icon.icns`, icns);
  console.log(`icons: ${iconSizes.length} PNG sizes, icon.png, icon.ico, icon.icns in ${iconsDir}`);
}
