/**
 * A library's stylesheet linked when its screen first needs it. The app's build puts every
 * stylesheet into the one loaded at start (cssCodeSplit: false); a large library's (the 360°
 * viewer's, the map's) is imported as a file's address instead (`?url`) and linked here, once
 * (a <link>, which the CSP's style-src 'self' allows). Resolves when loaded or failed: a
 * missing stylesheet must not keep the screen from drawing.
 */
const linked = new Map<string, Promise<void>>();

export function linkStylesheet(href: string): Promise<void> {
  let done = linked.get(href);
  if (done === undefined) {
    done = new Promise<void>((resolve) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.onload = () => resolve();
      link.onerror = () => resolve();
      document.head.append(link);
    });
    linked.set(href, done);
  }
  return done;
}
