import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { outcomeWordsOf, type MoneyRequestView } from '../../../../contract/money-requests';
import { Code, DescriptionList } from '../../../components/description-list';
import { paths } from '../../../config/paths';
import { formatTimestamp } from '../../../lib/format';

/**
 * In place of the wizard while an IRA request of the account still stands (being sent, accepted,
 * or of unknown outcome: waitingOutcomes): a second one would duplicate the first step in opening
 * the custodial account (§4.7), so none is offered. The request is shown in the register's words.
 */
export function WaitingIraRequest({
  accountId,
  request,
}: {
  accountId: string;
  request: MoneyRequestView;
}) {
  const words = outcomeWordsOf(request);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="ira-waiting-title"
      sx={{ p: { xs: 2, md: 3 }, maxWidth: 720 }}
    >
      <Typography component="h2" variant="h2" id="ira-waiting-title">
        An IRA request is already waiting
      </Typography>
      <Typography sx={{ mt: 1 }}>
        This account already has an IRA request that stands, so a new one is not offered: it would
        ask for the same custodial account twice.
      </Typography>
      <DescriptionList
        items={[
          ['Our reference', <Code key="reference" value={request.reference} />],
          ['Made', formatTimestamp(request.createdAt)],
          ['State', `${words.label}: ${words.meaning}`],
          ['What to do', words.next],
        ]}
      />
      <Typography sx={{ mt: 2 }}>
        <Link component={RouterLink} to={paths.app.accountMoney.getHref(accountId)}>
          See {request.reference} on the requests and timeline of this account
        </Link>
      </Typography>
      <Typography sx={{ mt: 1 }}>
        <Link component={RouterLink} to={paths.app.account.getHref(accountId)}>
          Back to the account
        </Link>
      </Typography>
    </Paper>
  );
}
