/**
 * An ionicons icon drawn as a CSS mask in the text colour: no web component, no shadow DOM, no
 * SVG parsing at run time (ion-icon does all three per icon). For lists rendered in bulk, such
 * as the side menu's entries. Decorative: the entry's text names it.
 *
 * The ionicons data URLs are drawn by ion-icon's own stylesheet (fill and stroke in the text
 * colour, no fill and a 32 px stroke for outlines); as an image those rules are missing, so the
 * same rules go inside the SVG (without the stroke, the question mark of the help icon and
 * every other stroked detail would not show).
 */
import type { CSSProperties } from 'react';
import './mask-icon.css';

const OUTLINE_RULES = '<style>.ionicon{fill:black;stroke:black}.ionicon-fill-none{fill:none}.ionicon-stroke-width{stroke-width:32px}</style>';
const urls = new Map<string, string>();

export function maskUrl(icon: string): string {
  let url = urls.get(icon);
  if (url === undefined) {
    const svgStart = icon.indexOf('>', icon.indexOf('<svg')) + 1;
    const svg = svgStart > 0 ? icon.slice(0, svgStart) + OUTLINE_RULES + icon.slice(svgStart) : icon;
    url = `url("${svg.replace(/#/g, '%23').replace(/"/g, "'")}")`;
    urls.set(icon, url);
  }
  return url;
}

export function MaskIcon({ icon, className }: { icon: string; className?: string }) {
  const style = { '--mask-icon': maskUrl(icon) } as CSSProperties;
  return <span aria-hidden="true" className={className === undefined ? 'mask-icon' : `mask-icon ${className}`} style={style} />;
}
