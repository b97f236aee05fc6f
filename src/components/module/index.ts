/** The shared parts of module screens (MODULES.md "Screens"). */
export { ModulePage } from './ModulePage';
export { RecordList, SEARCH_DEBOUNCE_MS, type RecordListQuery, type SortChoice } from './RecordList';
export { displayValue, HistoryList, RecordFields, RecordSection, RecordSheet } from './RecordSheet';
export { RecordAttachments } from './RecordAttachments';
export { DraftOffer, FieldError, RequiredNote, SaveProblems, TextField, useRecordForm, type RecordForm } from './RecordForm';
export { schemaProblems, type FieldProblem, type Problems } from './validation';
export { SplitLayout, useWideLayout, WIDE_MEDIA } from './SplitLayout';
export { StatusChip, type StatusTone } from './StatusChip';
export { DeletedFilter } from './DeletedFilter';
export { recalledScroll, rememberScroll } from './scroll-memory';
