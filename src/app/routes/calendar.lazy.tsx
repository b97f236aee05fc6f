import { createLazyRoute } from '@tanstack/react-router';
import { CalendarPage } from '../../features/calendar/components/CalendarPage';

export const Route = createLazyRoute('/_authenticated/calendar')({ component: () => <CalendarPage /> });
