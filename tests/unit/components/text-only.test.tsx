/**
 * User-supplied strings are rendered as text. Ionic 9 components built by
 * Stencil "scoped" with slots get a textContent setter that parses HTML (src/components/Label.tsx);
 * React sets a lone string child through textContent. So:
 * - Label shows markup literally (and IonLabel itself would not, which is why it is wrapped);
 * - no source file gives such a component a string child directly: the list of components is
 *   read from @ionic/core's build (flags "has slot" without "shadow"), so an upgrade that adds
 *   one is covered without editing this test.
 */
import { IonLabel } from '@ionic/react';
import { render, screen } from '@testing-library/react';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { Label } from '../../../src/components/Label';

const MARKUP = '<a href="https://evil.test">x</a><b>bold</b>';

/** Stencil's component flags: 1 = shadow DOM, 256 = has a slot (the polyfill patches these when not shadow). */
const SHADOW = 1;
const HAS_SLOT = 256;

function textParsingComponents(): Set<string> {
  const dir = 'node_modules/@ionic/core/components';
  const found = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
    for (const [, flags, tag] of readFileSync(join(dir, file), 'utf8').matchAll(/\[(\d+),"(ion-[a-z-]+)"/g)) {
      const value = Number(flags);
      if ((value & HAS_SLOT) !== 0 && (value & SHADOW) === 0) found.add(tag!.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase()));
    }
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.tsx') ? [join(dir, entry.name)] : [],
  );
}

const isJsx = (node: ts.Node) => ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node) || ts.isJsxFragment(node);

describe('user-supplied strings are text, never markup', () => {
  it('Label shows markup literally, where IonLabel alone parses it', async () => {
    render(
      <>
        <Label data-testid="label">{MARKUP}</Label>
        <Label data-testid="mixed">
          {MARKUP} · {2}
        </Label>
      </>,
    );
    const label = await screen.findByTestId('label');
    expect(label).toHaveTextContent(MARKUP);
    expect(label.querySelector('a, b')).toBeNull();
    expect(screen.getByTestId('mixed')).toHaveTextContent(`${MARKUP} · 2`);
    expect(screen.getByTestId('mixed').querySelector('a, b')).toBeNull();
  });

  it('the Ionic components whose textContent parses HTML are known, and ion-label is one', async () => {
    expect(textParsingComponents()).toContain('IonLabel');
    // The defect itself: a lone string child of IonLabel becomes markup.
    render(<IonLabel data-testid="raw">{MARKUP}</IonLabel>);
    expect((await screen.findByTestId('raw')).querySelector('b')).not.toBeNull();
  });

  it('no source file gives a string child directly to one of those components', () => {
    const components = textParsingComponents();
    const offences: string[] = [];
    for (const file of sourceFiles('src')) {
      if (file === join('src', 'components', 'Label.tsx')) continue;
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
      const visit = (node: ts.Node): void => {
        if (ts.isJsxElement(node) && components.has(node.openingElement.tagName.getText(source))) {
          for (const child of node.children) {
            const text = ts.isJsxText(child) && child.getText(source).trim() !== '';
            const expression = ts.isJsxExpression(child) && child.expression !== undefined && !isJsx(child.expression);
            if (text || expression) offences.push(`${relative('.', file)}:${source.getLineAndCharacterOfPosition(child.getStart(source)).line + 1}`);
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(offences).toEqual([]);
  });
});
