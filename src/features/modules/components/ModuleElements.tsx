/**
 * The functionalities of a module page's district module (common/functionalities.ts) and
 * whether this member can open each in the session's district, as the server says
 * (getFunctionalityElements, a cached POST call). Nothing for a module without functionalities.
 */
import { IonItem, IonList, IonNote, IonSpinner } from '@ionic/react';
import { Label } from '../../../components/Label';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { functionalityOfPrefix } from '../../../../common/functionalities';
import { functionalityElementsQueryOptions } from '../api/get-functionality-elements';

export function ModuleElements({ prefix }: { prefix: string }) {
  const definition = functionalityOfPrefix(prefix);
  if (definition === undefined) return null;
  return <FeatureElements feature={definition.feature} />;
}

function FeatureElements({ feature }: { feature: string }) {
  const { t } = useTranslation();
  const query = useQuery(functionalityElementsQueryOptions(feature));
  return (
    <section aria-labelledby="module-elements-title" data-testid="module-elements">
      <h2 id="module-elements-title">{t('functionalities.title')}</h2>
      {query.isPending && <IonSpinner name="crescent" aria-label={t('functionalities.loading')} />}
      {query.isError && (
        <p role="alert" data-testid="module-elements-error">
          {t('functionalities.load_failed')}
        </p>
      )}
      {query.data !== undefined && (
        <>
          {!query.data.enabled && (
            <IonNote color="medium">
              <p>{t('functionalities.not_enabled')}</p>
            </IonNote>
          )}
          <IonList inset>
            {query.data.elements.map((e) => (
              <IonItem key={e.element} data-testid={`module-element-${e.element}`}>
                <Label>{t(`functionalities.${e.element}`)}</Label>
                <IonNote slot="end" color={e.available ? 'success' : 'medium'}>
                  {t(e.available ? 'functionalities.available' : 'functionalities.unavailable')}
                </IonNote>
              </IonItem>
            ))}
          </IonList>
        </>
      )}
    </section>
  );
}
