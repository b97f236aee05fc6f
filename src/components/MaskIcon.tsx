/**
 * An ionicons icon drawn as a CSS mask in the text colour: no web component, no shadow DOM, no
 * SVG parsing at run time (ion-icon does all three per icon). For lists rendered in bulk, such
 * as the side menu's entries. Decorative: the entry's text names it.
 *
 * The ionicons data URLs style their outlines through classes ion-icon's own stylesheet
 * defines; as an image those rules are missing, so the same two rules go inside the SVG.
 */
import type { CSSProperties } from 'react';
import './mask-icon.css';

const OUTLINE_RULES = '<style>.ionicon-fill-none{fill:none}.ionicon-stroke-width{stroke-width:32px;stroke:black}</style>';
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
