/**
 * An ionicons icon drawn as a CSS mask in the text colour: no web component, no shadow DOM, no
 * SVG parsing per instance (ion-icon does all three per icon). For lists rendered in bulk, such
 * as the side menu's entries. Decorative: the entry's text names it.
 *
 * The ionicons data URLs are drawn by ion-icon's own stylesheet (fill and stroke in the text
 * colour, no fill and a 32 px stroke for outlines); as an image those rules are missing, so the
 * same rules go inside the SVG (without the stroke, the question mark of the help icon and
 * every other stroked detail would not show).
 *
 * Chromium draws a mask of an SVG data URL from an SVG document of its own, made during a style
 * recalculation, one per distinct image (an icon repeated down a list costs one). A frame that
 * shows several distinct icons at once (the shell's toolbar and tab bar, the side menu) draws
 * them from one image instead: an IconSprite, a row of icons that MaskIcon shows one tile of,
 * given by an IconSprites provider around the frame. Seven distinct icons took a median 21 ms of
 * style and layout as seven images against 9.4 ms from one sprite (`npm run bench:icons`). An
 * icon the sprite does not have is drawn from its own image.
 */
import { createContext, useContext, type CSSProperties, type ReactNode } from 'react';
import './mask-icon.css';

const OUTLINE_RULES = '<style>.ionicon{fill:black;stroke:black}.ionicon-fill-none{fill:none}.ionicon-stroke-width{stroke-width:32px}</style>';
/** The side of ionicons' viewBox: a sprite's tiles are this wide in its own units. */
const ICON_UNITS = 512;
const SVG_DATA = 'data:image/svg+xml;utf8,';
const urls = new Map<string, string>();

const cssUrl = (svg: string) => `url("${svg.replace(/#/g, '%23').replace(/"/g, "'")}")`;
const svgOf = (icon: string) => icon.slice(Math.max(0, icon.indexOf('<svg')));

function maskUrl(icon: string): string {
  let url = urls.get(icon);
  if (url === undefined) {
    const svgStart = icon.indexOf('>', icon.indexOf('<svg')) + 1;
    url = cssUrl(svgStart > 0 ? icon.slice(0, svgStart) + OUTLINE_RULES + icon.slice(svgStart) : icon);
    urls.set(icon, url);
  }
  return url;
}

/** Several icons side by side in one image: tile k is icon k, at the icon's own proportions. */
export interface IconSprite {
  readonly url: string;
  readonly tiles: ReadonlyMap<string, number>;
}

export function iconSprite(icons: readonly string[]): IconSprite {
  const unique = [...new Set(icons)];
  const tiles = unique.map((icon, k) => svgOf(icon).replace('<svg ', `<svg x='${k * ICON_UNITS}' y='0' width='${ICON_UNITS}' height='${ICON_UNITS}' `));
  const svg = `${SVG_DATA}<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 ${unique.length * ICON_UNITS} ${ICON_UNITS}'>${OUTLINE_RULES}${tiles.join('')}</svg>`;
  return { url: cssUrl(svg), tiles: new Map(unique.map((icon, k) => [icon, k])) };
}

const SpriteContext = createContext<IconSprite | null>(null);

/** The MaskIcons inside draw the sprite's icons from its one image. */
export function IconSprites({ sprite, children }: { sprite: IconSprite; children: ReactNode }) {
  return <SpriteContext value={sprite}>{children}</SpriteContext>;
}

function maskStyle(icon: string, sprite: IconSprite | null): CSSProperties {
  const tile = sprite?.tiles.get(icon);
  if (sprite === null || tile === undefined) return { '--mask-icon': maskUrl(icon) } as CSSProperties;
  const count = sprite.tiles.size;
  // The image is `count` boxes wide; a position of p % puts the image's p % on the box's p %.
  const position = count > 1 ? (tile / (count - 1)) * 100 : 0;
  return { '--mask-icon': sprite.url, '--mask-icon-size': `${count * 100}% 100%`, '--mask-icon-position': `${position.toFixed(4)}% 0%` } as CSSProperties;
}

export function MaskIcon({ icon, className }: { icon: string; className?: string }) {
  const sprite = useContext(SpriteContext);
  return <span aria-hidden="true" className={className === undefined ? 'mask-icon' : `mask-icon ${className}`} style={maskStyle(icon, sprite)} />;
}
