/** The viewer's and its plugins' stylesheets, linked once (lib/stylesheet.ts), with the viewer's chunk only. */
import { linkStylesheet } from '../../../lib/stylesheet';

export const loadViewerStyles = () =>
  Promise.all([
    import('@photo-sphere-viewer/core/index.css?url'),
    import('@photo-sphere-viewer/markers-plugin/index.css?url'),
    import('@photo-sphere-viewer/virtual-tour-plugin/index.css?url'),
  ]).then((hrefs) => Promise.all(hrefs.map(({ default: href }) => linkStylesheet(href))));
