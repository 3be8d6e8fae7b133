/** Excel's limit per cell: it cuts a longer text when it opens a file, CSV or workbook, and keeps the cut text when it saves. */
export const MAX_CELL_CHARS = 32_767;
