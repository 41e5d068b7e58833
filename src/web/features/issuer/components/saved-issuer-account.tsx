import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SavedIssuerAccount } from '../../../../contract/issuer-workspace';
import { DescriptionList } from '../../../components/description-list';
import { formatCode, formatTimestamp } from '../../../lib/format';

const yesNo = (value: boolean | null) => (value === null ? 'Not given' : value ? 'Yes' : 'No');

/** The record as the platform stored it, tax id, SSN and date of birth masked by the BFF. */
export function SavedIssuerAccountCard({ record }: { record: SavedIssuerAccount }) {
  const address = [
    record.address.line1,
    record.address.line2,
    record.address.city,
    record.address.zip,
    record.address.country,
  ]
    .filter(Boolean)
    .join(', ');
  const rows: [string, string][] = [
    ['Company', record.companyName ?? 'Not given'],
    ['State', record.companyState ?? 'Not given'],
    ['Issuing country', record.issuingCountry ?? 'Not given'],
    ['Entity type', record.entityType ?? 'Not given'],
    ['Account type', record.accountType ? formatCode(record.accountType) : 'Not given'],
    ['Company tax ID', record.maskedCompanyTaxId ?? 'Not given'],
    ['Middle initial', record.accountMiddleInitial ?? 'Not given'],
    ['Social Security number', record.maskedSocialSecurityNumber ?? 'Not given'],
    ['Date of birth', record.maskedDateOfBirth ?? 'Not given'],
    ['U.S. resident', yesNo(record.residentUs)],
    ['U.S. citizen', yesNo(record.citizenUs)],
    ['Address', address || 'Not given'],
    // The review before the save says "Not given" for the same empty answer.
    ['Additional information', record.additionalInfo ?? 'Not given'],
    ['Saved', formatTimestamp(record.createdAt)],
    ['From IP address', record.createdIp ?? 'Not recorded'],
  ];
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      component="section"
      aria-labelledby={`saved-${record.issuerId}`}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography id={`saved-${record.issuerId}`} component="h2" variant="h3">
          Saved issuer account
        </Typography>
        <Chip
          label={`Status: ${record.status ? formatCode(record.status) : 'Unknown'}`}
          color={record.status === 'pending' ? 'warning' : 'default'}
          size="small"
        />
      </Box>
      <DescriptionList items={rows} />
    </Paper>
  );
}
