import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { complianceSearchQuerySchema } from '../../../../contract/compliance';
import { useCheckedDraft } from '../../../lib/use-draft';

const queryRule = complianceSearchQuerySchema.shape.q;

/** One box for accounts and entities; at least 2 characters, as the BFF requires. */
export function ComplianceSearchForm({
  initial,
  refused,
  onSearch,
}: {
  initial: string;
  /** The rule the link's search breaks, told under the box until another search is typed. */
  refused?: string;
  onSearch: (q: string) => void;
}) {
  const { error, check, field } = useCheckedDraft(initial, queryRule);
  const told = error ?? (field.value === initial ? refused : undefined);
  return (
    <Box
      component="form"
      role="search"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const checked = check();
        if (!checked) {
          // The results of the last search stay below, under their own "match “…”" line.
          document.getElementById('compliance-search')?.focus();
          return;
        }
        onSearch(checked.value);
      }}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', mb: 3 }}
    >
      <TextField
        id="compliance-search"
        label="Search accounts and entities"
        type="search"
        {...field}
        error={Boolean(told)}
        helperText={told ?? 'Name, account or party ID, email, city, state, EIN…'}
        sx={{ flex: '1 1 16rem' }}
        autoComplete="off"
      />
      <Button type="submit" variant="contained" sx={{ mt: 1 }}>
        Search
      </Button>
    </Box>
  );
}
