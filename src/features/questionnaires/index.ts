/**
 * What the shell loads of Questionnaires before any of its screens opens
 * (module.ts: the start app/modules.ts runs): its senders, so submits queued earlier are delivered from any page,
 * and its offline declaration, so the day's inspections are there without a network after an
 * online login. Small: requests and query options, never a screen.
 */
import { registerQuestionnairesOffline } from './offline';
import { registerQuestionnaireSenders } from './senders';

export function startQuestionnairesModule(): void {
  registerQuestionnaireSenders();
  registerQuestionnairesOffline();
}
