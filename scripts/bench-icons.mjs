// `npm run bench:icons`: what distinct icons cost the page to draw as CSS masks
// (components/MaskIcon.tsx), one image per icon against one sprite for them all, in Chromium.
// Measured, never asserted. BENCH_ICONS (7, the phone toolbar's and tab bar's) distinct
// ionicons per page; each round opens a new page, inserts them and forces style and layout,
// timed (the style recalculation makes each image's SVG document), then to the next frame.
// BENCH_ROUNDS (14) rounds alternating the two ways, each round other icons; medians and ranges.
import { chromium } from '@playwright/test';
import * as ionicons from 'ionicons/icons';
import { CHROME, median } from './bench-support.mjs';

const ICONS = Number(process.env.BENCH_ICONS ?? 7);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 14);

// The images as MaskIcon.tsx makes them: ion-icon's rules inside, tiles 512 units wide.
const OUTLINE_RULES = '<style>.ionicon{fill:black;stroke:black}.ionicon-fill-none{fill:none}.ionicon-stroke-width{stroke-width:32px}</style>';
const cssUrl = (svg) => `url("${svg.replace(/#/g, '%23').replace(/"/g, "'")}")`;
const svgOf = (icon) => icon.slice(icon.indexOf('<svg'));
function ownImage(icon) {
  const svgStart = icon.indexOf('>', icon.indexOf('<svg')) + 1;
  return cssUrl(icon.slice(0, svgStart) + OUTLINE_RULES + icon.slice(svgStart));
}
function sprite(icons) {
  const tiles = icons.map((icon, k) => svgOf(icon).replace('<svg ', `<svg x='${k * 512}' y='0' width='512' height='512' `)).join('');
  return cssUrl(`data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 ${icons.length * 512} 512'>${OUTLINE_RULES}${tiles}</svg>`);
}
/** Each span's custom properties, as MaskIcon's style. */
const WAYS = {
  'an image each': (icons) => icons.map((icon) => ({ '--mask-icon': ownImage(icon) })),
  'one sprite': (icons) => {
    const url = sprite(icons);
    return icons.map((_, k) => ({ '--mask-icon': url, '--mask-icon-size': `${icons.length * 100}% 100%`, '--mask-icon-position': `${((k / (icons.length - 1)) * 100).toFixed(4)}% 0%` }));
  },
};
const PAGE = `<!doctype html><style>.mask-icon{display:inline-block;width:24px;height:24px;background-color:currentColor;
-webkit-mask:var(--mask-icon) var(--mask-icon-position,center)/var(--mask-icon-size,contain) no-repeat;
mask:var(--mask-icon) var(--mask-icon-position,center)/var(--mask-icon-size,contain) no-repeat}</style><body></body>`;

const outlines = Object.entries(ionicons).filter(([name]) => name.endsWith('Outline')).map(([, icon]) => icon);

async function drawOnce(browser, styles) {
  const page = await browser.newPage();
  try {
    await page.setContent(PAGE);
    return await page.evaluate(async (styles) => {
      await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 50)));
      const start = performance.now();
      for (const style of styles) {
        const span = document.createElement('span');
        span.className = 'mask-icon';
        for (const [name, value] of Object.entries(style)) span.style.setProperty(name, value);
        document.body.append(span);
      }
      void document.body.offsetHeight;
      const styled = performance.now() - start;
      await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
      return { styled, frame: performance.now() - start };
    }, styles);
  } finally {
    await page.close();
  }
}

const fmt = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${median(sorted).toFixed(1)} ms (${sorted[0].toFixed(1)}–${sorted.at(-1).toFixed(1)})`;
};

const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const figures = Object.fromEntries(Object.keys(WAYS).map((way) => [way, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    const icons = outlines.slice((round * ICONS) % (outlines.length - ICONS)).slice(0, ICONS);
    for (const [way, styles] of Object.entries(WAYS)) figures[way].push(await drawOnce(browser, styles(icons)));
  }
  for (const [way, runs] of Object.entries(figures)) {
    console.log(`${ICONS} distinct icons, ${way.padEnd(13)} style and layout ${fmt(runs.map((f) => f.styled))}, to the next frame ${fmt(runs.map((f) => f.frame))}`);
  }
} finally {
  await browser.close();
}
