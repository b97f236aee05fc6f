/**
 * The kept path /resetPassword (spec section 2): the spec does not describe its screen, so it
 * says plainly that it is not part of this release and leads back to login. (/sso has its own
 * page, sso.lazy.tsx.) Plain elements: a public page needs none of Ionic's code.
 */
import { createLazyRoute, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import '../../components/plain.css';

function PublicNotice({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <main className="plain-page">
      <h1>{t(titleKey)}</h1>
      <p>{t('module_landing.not_in_release')}</p>
      <Link to="/login" className="app-button">
        {t('public_notice.to_login')}
      </Link>
    </main>
  );
}

export const resetPasswordRoute = createLazyRoute('/resetPassword')({
  component: () => <PublicNotice titleKey="public_notice.reset_password" />,
});
