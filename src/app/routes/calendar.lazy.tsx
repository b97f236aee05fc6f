import { createLazyRoute, useSearch } from '@tanstack/react-router';
import { CalendarPage } from '../../features/calendar/components/CalendarPage';
import { recordLinks } from '../record-links';

function CalendarRoute() {
  const { view, day } = useSearch({ from: '/_authenticated/calendar' });
  return <CalendarPage view={view} day={day} links={recordLinks} />;
}

export const Route = createLazyRoute('/_authenticated/calendar')({ component: CalendarRoute });
