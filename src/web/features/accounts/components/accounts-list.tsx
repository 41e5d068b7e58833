import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { AccountSummary } from '../../../../contract/account-views';
import { Code } from '../../../components/description-list';
import { paths } from '../../../config/paths';
import { type ReviewKind } from '../../../lib/review-status';
import { ReviewStatusChip } from './review-statuses';

const kinds: ReviewKind[] = ['kyc', 'aml', 'accreditation', 'approval'];

export function AccountsList({ accounts }: { accounts: AccountSummary[] }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
      {accounts.map((account) => (
        <Box component="li" key={account.id}>
          <Card variant="outlined">
            <CardActionArea component={RouterLink} to={paths.app.account.getHref(account.id)}>
              <CardContent>
                <Typography component="h2" variant="h3" sx={{ overflowWrap: 'anywhere' }}>
                  {account.name ?? `Account ${account.id}`}
                </Typography>
                <Typography variant="body2" color="text.secondary" gutterBottom>
                  Account <Code value={account.id} />
                  {account.type ? ` · ${account.type}` : ''}
                </Typography>
                {account.loaded ? (
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
                    {kinds.map((kind) => (
                      <ReviewStatusChip key={kind} kind={kind} review={account.reviews[kind]} />
                    ))}
                  </Box>
                ) : (
                  <Typography variant="body2">
                    The details of this account could not be loaded right now. Open it to try again.
                  </Typography>
                )}
              </CardContent>
            </CardActionArea>
          </Card>
        </Box>
      ))}
    </Box>
  );
}
