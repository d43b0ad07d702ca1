export { openSheet, SHEET_EDGES, toWinAnsi, type Sheet, type SheetInfo, type WriteOptions } from './sheet';
