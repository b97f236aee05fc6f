/**
 * The page layout of every module screen, inside the shell's content: a header with the back
 * button, the title (the page's h1) and the action buttons, then the content. Every control is
 * at least 44 px (module.css). The page fills the shell's content height so that a list can
 * be its own scroll container (RecordList) and a wide screen can show two panes.
 */
import { arrowBackOutline } from 'ionicons/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../IconButton';
import './module.css';

export interface ModulePageProps {
  title: string;
  /** Shown as the back button (phone stacked page, sub-pages); absent on a module's first page. */
  onBack?: () => void;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}

export function ModulePage({ title, onBack, actions, className, children }: ModulePageProps) {
  const { t } = useTranslation('components');
  return (
    <div className={`module-page${className === undefined ? '' : ` ${className}`}`}>
      {/* Not a <header>: inside the shell's main landmark a page header is no banner. */}
      <div className="module-page-header">
        {onBack !== undefined && (
          <IconButton className="module-target" label={t('module.back')} icon={arrowBackOutline} onClick={onBack} />
        )}
        <h1 className="module-page-title">{title}</h1>
        {actions !== undefined && <div className="module-page-actions">{actions}</div>}
      </div>
      <div className="module-page-content">{children}</div>
    </div>
  );
}
