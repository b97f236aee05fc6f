/** The planners' pages (placeholder until they land on this branch). */
import { ModulePage } from '../../../components/module/ModulePage';
import { QuestionnairesNav } from './QuestionnairesNav';

export function ManageInspectionsPage() {
  return (
    <ModulePage title="Inspections">
      <QuestionnairesNav current="manage" />
    </ModulePage>
  );
}
export function SchedulesPage() {
  return (
    <ModulePage title="Schedules">
      <QuestionnairesNav current="schedules" />
    </ModulePage>
  );
}
export const ScheduleNewPage = SchedulesPage;
export const ScheduleEditPage = SchedulesPage;
