/** The template builder's pages (placeholder until the builder lands on this branch). */
import { ModulePage } from '../../../components/module/ModulePage';
import { QuestionnairesNav } from './QuestionnairesNav';

export function TemplatesPage() {
  return (
    <ModulePage title="Templates">
      <QuestionnairesNav current="templates" />
    </ModulePage>
  );
}
export const TemplateNewPage = TemplatesPage;
export const TemplateEditPage = TemplatesPage;
