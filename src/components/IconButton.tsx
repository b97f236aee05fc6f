/**
 * The shell's buttons (toolbar, tab bar, the features' slots in them) as plain elements in the
 * look of Ionic's Material toolbar buttons: a `<button>` or an `<a href>` with a MaskIcon, an
 * accessible name and an optional badge. The shell is on screen at every start; a dozen
 * ion-button and ion-icon web components (shadow DOM, SVG fetched and parsed per icon) were
 * the longest task of the dashboard's start on a phone (docs/performance.md, "What the first screen is made of").
 */
import type { MouseEvent, ReactNode } from 'react';
import { useLinkNavigation } from '../hooks/use-link-navigation';
import { MaskIcon } from './MaskIcon';
import './icon-button.css';

interface CommonProps {
  /** The accessible name, also shown as the tooltip. */
  label: string;
  icon?: string;
  /** 'danger': the emergency entry's colour. */
  tone?: 'danger';
  className?: string;
  /** Shown after the icon: a visible label, the calendar's day, a badge (see Badge). */
  children?: ReactNode;
}

const classes = (tone: CommonProps['tone'], className: string | undefined) =>
  ['icon-button', tone === 'danger' ? 'icon-button-danger' : '', className ?? ''].filter(Boolean).join(' ');

export function IconButton({ label, icon, tone, className, children, onClick }: CommonProps & { onClick: (event: MouseEvent<HTMLButtonElement>) => void }) {
  return (
    <button type="button" className={classes(tone, className)} aria-label={label} title={label} onClick={onClick}>
      {icon !== undefined && <MaskIcon icon={icon} />}
      {children}
    </button>
  );
}

/** A link inside the app: a plain click navigates with the router, a middle click opens a tab. */
export function IconLink({ label, icon, tone, className, children, href }: CommonProps & { href: string }) {
  const navigate = useLinkNavigation();
  return (
    <a href={href} className={classes(tone, className)} aria-label={label} title={label} onClick={navigate(href)}>
      {icon !== undefined && <MaskIcon icon={icon} />}
      {children}
    </a>
  );
}

/**
 * A count in Ionic's badge look. Hidden from assistive technologies by default, for buttons
 * whose name already says the count; `announced` where the count is part of the name.
 */
export function Badge({ count, testId, className, announced = false }: { count: number; testId?: string; className?: string; announced?: boolean }) {
  return (
    <span className={className === undefined ? 'app-badge' : `app-badge ${className}`} data-testid={testId} aria-hidden={announced ? undefined : true}>
      {count}
    </span>
  );
}
