/**
 * IonLabel whose text is always text. Every Ionic 9 component that Stencil
 * builds scoped with slots (ion-label, and ion-buttons, ion-header, ion-footer, ion-input,
 * ion-input-otp, ion-textarea, ion-radio-group) gets Stencil's slot polyfill, which replaces
 * the element's `textContent` setter with `insertAdjacentHTML`. React renders a lone string
 * child by setting `textContent`, so `<IonLabel>{name}</IonLabel>` parses `name` as HTML: a
 * stored `<a href>` or `<b>` became markup (the CSP stops scripts, not links or styles).
 * Here every string or number child goes into a `<span>`, which React fills with a text node.
 * The app uses this component, never IonLabel itself (tests/unit/components/text-only.test.ts
 * checks that no string reaches such a component directly).
 */
import { IonLabel } from '@ionic/react';
import { Children, type ComponentProps } from 'react';

export function Label({ children, ...props }: ComponentProps<typeof IonLabel>) {
  return (
    <IonLabel {...props}>
      {Children.map(children, (child) => (typeof child === 'string' || typeof child === 'number' ? <span>{child}</span> : child))}
    </IonLabel>
  );
}
