/**
 * The frame of Cartography management's views: a navigation between the views the member's
 * rights open (spec section 2's order), then the view. On a phone the navigation scrolls
 * sideways, wider it wraps; each view is a page of its own (ModulePage) below it.
 */
import { Link, Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { mapPowers } from '../../../../../common/modules/cartography/access';
import { useEnvelope } from '../../../../lib/envelope-store';
import { managementHref, openViews } from '../paths';
import './management.css';

export function ManagementLayout() {
  const { t } = useTranslation('common');
  const views = openViews(mapPowers(useEnvelope((state) => state.rights)));
  return (
    <div className="map-management">
      {views.length > 1 && (
        <nav className="map-management-views" aria-label={t('modules.cartographyManagement')}>
          {views.map((view) => (
            <Link key={view.label} to={managementHref(view.label)} activeProps={{ 'aria-current': 'page', className: 'active' }}>
              {t(`module_views.${view.label}`)}
            </Link>
          ))}
        </nav>
      )}
      <div className="map-management-view">
        <Outlet />
      </div>
    </div>
  );
}
