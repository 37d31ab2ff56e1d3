/**
 * The fields of the shared filter row (components/FilterRow.svelte), used by the Activity view
 * and the recording files' filters.
 */

/** One choice of a select filter: its value and what the operator reads. */
export interface FilterOption {
  value: string;
  label: string;
}

/**
 * One filter of the row, labelled by `label` (its accessible name). `set` receives the new
 * value on `change`. A select shows `options` in order; a date (`YYYY-MM-DD`) or date-time
 * (`YYYY-MM-DDTHH:mm`) field is marked `aria-invalid` when `invalid`.
 */
export type FilterField =
  | {
      type: 'select';
      label: string;
      value: string;
      options: FilterOption[];
      disabled?: boolean;
      set: (value: string) => void;
    }
  | {
      type: 'date' | 'datetime-local';
      label: string;
      value: string;
      invalid?: boolean;
      set: (value: string) => void;
    };
