// Draws the Área do Morador's app icons (gate-operation-spec §3.2, installable as a web app):
// public/icones/morador.svg and its PNGs at 192 and 512 px, rendered by the same headless Chromium
// the browser tests use (no image library among the dependencies). Run again after changing the
// drawing: `node scripts/icones-morador.mjs`. docs/decisions/0272-area-do-morador-telas.md.
//
// The shield is the site's logo (src/client/components/layout/logo.tsx) in its light tone, on the
// site's theme colour (#0f2747, root.tsx) edge to edge: the same file serves as a "maskable" icon,
// the shield inside the central circle that every platform's mask keeps (80% of the side).
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const out = fileURLToPath(new URL("../public/icones/", import.meta.url));
const CHROME = process.env.CHROME_PATH || "/usr/bin/chromium";

// 512 × 512; the shield (32 × 36 in the logo) scaled by 8 and centred: 256 × 288, inside the 410 px safe circle.
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
<rect width="512" height="512" fill="#0f2747"/>
<g transform="translate(128 112) scale(8)">
<path d="M16 1.5 3 6.3v10.2c0 8.3 5.5 15.3 13 18 7.5-2.7 13-9.7 13-18V6.3L16 1.5Z" fill="#fff"/>
<path d="M16 5.2 6.4 8.8v7.7c0 6.3 4 11.7 9.6 14V5.2Z" fill="#d9e8ff"/>
<path d="m10.5 18 3.8 3.8 7.4-7.6" fill="none" stroke="#0f2747" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>
</g>
</svg>
`;

mkdirSync(out, { recursive: true });
writeFileSync(`${out}morador.svg`, SVG);

const browser = await chromium.launch({ executablePath: CHROME, headless: true, args: ["--no-sandbox", "--disable-gpu"] });
try {
  for (const size of [192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const img = SVG.replace('width="512" height="512"', `width="${size}" height="${size}"`);
    await page.setContent(`<!doctype html><html><body style="margin:0">${img}</body></html>`);
    writeFileSync(`${out}morador-${size}.png`, await page.screenshot({ clip: { x: 0, y: 0, width: size, height: size }, omitBackground: false }));
    await page.close();
  }
} finally {
  await browser.close();
}
console.log(`Ícones escritos em ${out}: morador.svg, morador-192.png, morador-512.png`);
