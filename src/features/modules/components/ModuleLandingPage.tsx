/**
 * The landing page of a module whose screens are not part of this release (modules.ts): its
 * translated name, the sub-view the address names, the sub-views this user can reach, and a
 * plain statement that the module's screens are not in this release, and the module's
 * functionalities in the district (ModuleElements). Nothing else: the spec gives these modules
 * no data.
 */
import { IonItem, IonList, IonNote } from '@ionic/react';
import { Label } from '../../../components/Label';
import { useTranslation } from 'react-i18next';
import { can } from '../../../lib/rights';
import type { ModuleDefinition, ModuleView } from '../modules';
import { ModuleElements } from './ModuleElements';

interface ModuleLandingPageProps {
  module: ModuleDefinition;
  view: ModuleView | undefined;
  rights: readonly string[];
}

export function ModuleLandingPage({ module, view, rights }: ModuleLandingPageProps) {
  const { t } = useTranslation();
  const reachable = module.views.filter((v) => (v.features ?? module.features).length === 0 || (v.features ?? module.features).some((f) => can(rights, f)));
  return (
    <div className="ion-padding" data-testid="module-landing">
      <h1>{t(module.labelKey)}</h1>
      {view !== undefined && <h2 data-testid="module-view">{t(view.labelKey)}</h2>}
      <IonNote color="medium">
        <p data-testid="module-not-in-release">{t('module_landing.not_in_release')}</p>
      </IonNote>
      <ModuleElements prefix={module.prefix} />
      {reachable.length > 0 && (
        <>
          <h2>{t('module_landing.views')}</h2>
          <IonList inset>
            {reachable.map((v) => {
              const href = `/${module.prefix}/${v.path}`;
              return (
                <IonItem key={v.path} routerLink={href} detail aria-current={v === view ? 'page' : undefined}>
                  <Label>{t(v.labelKey)}</Label>
                </IonItem>
              );
            })}
          </IonList>
        </>
      )}
    </div>
  );
}
