// The pieces of a two-panel page's panels (Game Offers: categories and offers): a list with
// search and Refresh, Edit and Delete per row, and a create/edit form under it.
export * from './formValues';
export { PanelCard } from './PanelCard';
export { PANEL_LIST_LIMIT, PanelListBody, PanelToolbar, usePanelList } from './PanelList';
export { FormInput, FormSelect, RecordForm } from './RecordForm';
export { RowActions } from './RowActions';
export { sameRecord } from './sameRecord';
export { useDeleteRecord } from './useDeleteRecord';
export { useRecordForm } from './useRecordForm';
