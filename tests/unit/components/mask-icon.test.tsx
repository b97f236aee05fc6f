/**
 * MaskIcon draws an icon as a mask of its image; inside IconSprites, an icon of the sprite as
 * its tile of the sprite's one image (the tile's size and position), any other icon from its
 * own image.
 */
import { render } from '@testing-library/react';
import { gridOutline, menuSharp, trashOutline, warningOutline } from 'ionicons/icons';
import { describe, expect, it } from 'vitest';
import { IconSprites, iconSprite, MaskIcon } from '../../../src/components/MaskIcon';

const styleOf = (element: Element | undefined) => {
  if (element === undefined) throw new Error('no icon drawn');
  return (element as HTMLElement).style;
};
/** The SVG inside a mask's `url("…")`, as the browser reads it. */
const svgIn = (url: string) => decodeURIComponent(url.replace(/^url\("/, '').replace(/"\)$/, '').replace(/^data:image\/svg\+xml;utf8,/, ''));

describe('MaskIcon', () => {
  it('draws an icon from its own image, with the outline rules ion-icon would apply', () => {
    const { container } = render(<MaskIcon icon={trashOutline} />);
    const style = styleOf(container.firstElementChild ?? undefined);
    expect(svgIn(style.getPropertyValue('--mask-icon'))).toContain('.ionicon-stroke-width{stroke-width:32px}');
    expect(style.getPropertyValue('--mask-icon-size')).toBe('');
  });

  it('draws the icons of a sprite as tiles of its one image, and any other from its own', () => {
    const sprite = iconSprite([menuSharp, warningOutline, gridOutline, warningOutline]);
    const { container } = render(
      <IconSprites sprite={sprite}>
        <MaskIcon icon={menuSharp} />
        <MaskIcon icon={warningOutline} />
        <MaskIcon icon={gridOutline} />
        <MaskIcon icon={trashOutline} />
      </IconSprites>,
    );
    const menu = styleOf(container.children[0]);
    const warning = styleOf(container.children[1]);
    const grid = styleOf(container.children[2]);
    const trash = styleOf(container.children[3]);
    // Three distinct icons: an image three boxes wide, the tiles at 0, 50 and 100 %.
    for (const style of [menu, warning, grid]) {
      expect(style.getPropertyValue('--mask-icon')).toBe(sprite.url);
      expect(style.getPropertyValue('--mask-icon-size')).toBe('300% 100%');
    }
    expect([menu, warning, grid].map((style) => style.getPropertyValue('--mask-icon-position'))).toEqual(['0.0000% 0%', '50.0000% 0%', '100.0000% 0%']);
    expect(sprite.url.startsWith('url("data:image/svg+xml;utf8,<svg ')).toBe(true);
    const image = svgIn(sprite.url);
    expect(image).toContain("viewBox='0 0 1536 512'");
    expect(image).toContain("<svg x='1024' y='0' width='512' height='512'");
    expect(trash.getPropertyValue('--mask-icon')).not.toBe(sprite.url);
    const trashPath = trashOutline.slice(trashOutline.indexOf('<path'), trashOutline.indexOf('<path') + 40);
    expect(svgIn(trash.getPropertyValue('--mask-icon'))).toContain(trashPath);
    expect(image).not.toContain(trashPath);
  });
});
