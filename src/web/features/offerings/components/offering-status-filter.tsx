import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { knownOfferingStatuses, offeringStatusLabel } from './offering-status-chip';

type OfferingStatusFilterProps = {
  value: string | null;
  onChange: (status: string | null) => void;
};

const ALL = 'all';

export function OfferingStatusFilter({ value, onChange }: OfferingStatusFilterProps) {
  const statuses: string[] = [...knownOfferingStatuses];
  if (value && !statuses.includes(value)) statuses.push(value);
  return (
    <TextField
      select
      id="offering-status-filter"
      label="Status"
      size="small"
      value={value ?? ALL}
      onChange={(event) => onChange(event.target.value === ALL ? null : event.target.value)}
      sx={{ minWidth: 180 }}
    >
      <MenuItem value={ALL}>All statuses</MenuItem>
      {statuses.map((status) => (
        <MenuItem key={status} value={status}>
          {offeringStatusLabel(status)}
        </MenuItem>
      ))}
    </TextField>
  );
}
