import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SecurityDepth } from '../../../../contract/order-book';
import { statusLabel } from './order-format';

export type OrderFilter = { security: string | null; side: string | null; status: string | null };

const ALL = 'all';

type OrderFiltersProps = {
  filter: OrderFilter;
  securities: readonly Pick<SecurityDepth, 'securityId' | 'securityName'>[];
  statuses: readonly string[];
  onChange: (filter: OrderFilter) => void;
  /** Shown but not yet usable: while the day is read, its securities and statuses are partial. */
  disabled?: boolean;
};

export function OrderFilters({
  filter,
  securities,
  statuses,
  onChange,
  disabled = false,
}: OrderFiltersProps) {
  const select = (
    id: string,
    label: string,
    value: string | null,
    known: [string, string][],
    key: keyof OrderFilter,
    allLabel: string,
    labelOf: (value: string) => string = (value) => value,
  ) => {
    // A choice from the address stays shown even before (or without) a row that carries it.
    const options: [string, string][] =
      value && !known.some(([option]) => option === value)
        ? [...known, [value, labelOf(value)]]
        : known;
    return (
      <TextField
        select
        id={id}
        label={label}
        size="small"
        disabled={disabled}
        value={value ?? ALL}
        onChange={(event) =>
          onChange({ ...filter, [key]: event.target.value === ALL ? null : event.target.value })
        }
        sx={{ minWidth: 160, flex: '1 1 160px' }}
      >
        <MenuItem value={ALL}>{allLabel}</MenuItem>
        {options.map(([optionValue, optionLabel]) => (
          <MenuItem key={optionValue} value={optionValue}>
            {optionLabel}
          </MenuItem>
        ))}
      </TextField>
    );
  };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, my: 2 }}>
      {select(
        'order-filter-security',
        'Security',
        filter.security,
        securities.map((s) => [s.securityId, s.securityName]),
        'security',
        'All securities',
      )}
      {select(
        'order-filter-side',
        'Side',
        filter.side,
        [
          ['bid', 'Bids'],
          ['offer', 'Offers'],
        ],
        'side',
        'Both sides',
      )}
      {select(
        'order-filter-status',
        'Status',
        filter.status,
        statuses.map((s) => [s, statusLabel(s)]),
        'status',
        'All statuses',
        statusLabel,
      )}
    </Box>
  );
}
