/** The shared parts of module screens (MODULES.md "Screens"). */
export { FromDeviceNote, isFromDevice } from './FromDeviceNote';
export { ModulePage } from './ModulePage';
export { downloadList, NavButton, RecordListPage, RecordSheetPage, useRecordId } from './RecordPages';
export { RecordList, SEARCH_DEBOUNCE_MS, type RecordListQuery, type SortChoice } from './RecordList';
export { HistoryList, RecordFields, RecordSection, RecordSheet } from './RecordSheet';
export { formatChanges, formatHistoryValue, type AnswerField, type HistoryField, type HistoryFields, type HistoryKind } from './history-format';
export { RecordAttachments } from './RecordAttachments';
export { DraftOffer, FieldError, RequiredNote, SaveProblems, TextField, useRecordForm, type RecordForm } from './RecordForm';
export { schemaProblems, type FieldProblem, type Problems } from './validation';
export { SplitLayout, useWideLayout, WIDE_MEDIA } from './SplitLayout';
export { StatusChip, type StatusTone } from './StatusChip';
export { DeletedFilter } from './DeletedFilter';
export { recalledScroll, rememberScroll } from './scroll-memory';
