/** A site's fields as its history shows them (components/module/history-format.ts). */
import type { HistoryFields } from '../../components/module/history-format';

export const SITE_HISTORY_FIELDS: HistoryFields = {
  name: { label: 'sites:field.name', kind: 'text' },
  description: { label: 'sites:field.description', kind: 'text' },
  address: { label: 'sites:field.address', kind: 'text' },
  gps: { label: 'sites:field.gps', kind: 'position' },
  ownerName: { label: 'sites:field.ownerName', kind: 'text' },
  siteTypeId: { label: 'sites:field.siteTypeId', kind: 'ref' },
  attachments: { label: 'sites:field.attachments', kind: 'text' },
  'stages.threeSixty': { label: 'sites:sheet.stages_360', kind: 'text' },
  'stages.threeD': { label: 'sites:sheet.stages_3d', kind: 'text' },
  'stages.threeSixty.name': { label: 'sites:field.stage_name', kind: 'text' },
  'stages.threeD.name': { label: 'sites:field.stage_name', kind: 'text' },
  'stages.threeSixty.image': { label: 'sites:field.stage_image', kind: 'files' },
  'stages.threeD.image': { label: 'sites:field.stage_image', kind: 'files' },
};
