import { test, expect } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupIonicReact, IonApp, IonInput, IonButton, IonModal, IonContent, IonToast } from '@ionic/react';
import { useState } from 'react';

Object.defineProperty(window, 'matchMedia', { value: (q: string) => ({ matches: false, media: q, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent() { return false; } }) });
setupIonicReact();

function P() {
  const [v, setV] = useState('');
  const [open, setOpen] = useState(false);
  return <IonApp><IonContent>
    <IonInput label="Email" labelPlacement="stacked" value={v} onIonInput={(e) => setV(String(e.detail.value ?? ''))} className={v === 'bad' ? 'ion-invalid ion-touched' : ''} errorText="Bad email" />
    <p>value:{v}</p>
    <IonButton onClick={() => setOpen(true)}>Open</IonButton>
    <IonButton aria-label="Disconnect" onClick={() => setOpen(true)}><span aria-hidden="true">x</span></IonButton>
    <IonToast isOpen={v === 'bad'} message="Toast msg" />
    <IonModal isOpen={open} onDidDismiss={() => setOpen(false)} aria-labelledby="t"><h2 id="t">Title</h2><IonButton onClick={() => setOpen(false)}>Cancel</IonButton></IonModal>
  </IonContent></IonApp>;
}
test('proto', async () => {
  const user = userEvent.setup();
  render(<P />);
  const input = await screen.findByLabelText('Email');
  await user.type(input, 'bad');
  expect(await screen.findByText('value:bad')).toBeTruthy();
  expect(await screen.findByText('Bad email')).toBeTruthy();
  console.log('toast', document.querySelector('ion-toast')?.outerHTML.slice(0, 300), document.querySelector('ion-toast')?.shadowRoot?.innerHTML.slice(0, 500));
  console.log('lbl', screen.getByLabelText('Disconnect').tagName);
  await user.click(screen.getByText('Open'));
  const dlg = await screen.findByRole('heading', { name: 'Title' });
  console.log(dlg.outerHTML.slice(0, 300));
  await user.click(await screen.findByText('Cancel'));
  await waitFor(() => expect(screen.queryByRole('heading', { name: 'Title' })).toBeNull(), { timeout: 3000 });
});
