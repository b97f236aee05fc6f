/**
 * The modules' scheduled jobs, run every minute in order by _platform/scheduler.ts (in a
 * process started with VIGIE_SCHEDULER, the default). Kept apart from the registry (index.ts):
 * a job is a plain function of the time, tested by calling it at the times a test chooses.
 */
import { runActionReminders } from './actions/reminders.js';
import type { ScheduledJob } from './_platform/scheduler.js';
import { runSchedules } from './questionnaires/scheduler.js';

export const SCHEDULED_JOBS: readonly ScheduledJob[] = [
  // Inspections: occurrences of the schedules, reminders, overdue notices.
  runSchedules,
  // Actions: reminders before the due date, overdue notices to the assignee and the plan's owner.
  runActionReminders,
];
