/**
 * A list's pull to refresh (RecordList): Ionic's refresher and its spinner, a chunk of their
 * own built once the start's first screen is shown; nobody pulls a list before seeing it.
 */
import { IonRefresher, IonRefresherContent } from '@ionic/react';

export function ListRefresher({ onRefresh }: { onRefresh: (event: CustomEvent<{ complete: () => void }>) => void }) {
  return (
    <IonRefresher slot="fixed" onIonRefresh={onRefresh}>
      <IonRefresherContent />
    </IonRefresher>
  );
}
