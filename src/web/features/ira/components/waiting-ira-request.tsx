import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { outcomeWordsOf, type MoneyRequestView } from '../../../../contract/money-requests';
import { Code, DescriptionList } from '../../../components/description-list';
import { paths } from '../../../config/paths';
import { focusOnMount } from '../../../lib/focus';
import { formatTimestamp } from '../../../lib/format';

/**
 * In place of the wizard while an IRA request of the account still stands (being sent, accepted,
 * or of unknown outcome: waitingOutcomes): a second one would duplicate the first step in opening
 * the custodial account (§4.7), so none is offered. The person most often made that request
 * themselves, so it is told as their account's request in progress, in the register's words,
 * rather than as something in their way.
 */
export function WaitingIraRequest({
  accountId,
  request,
  takeFocus = false,
}: {
  accountId: string;
  request: MoneyRequestView;
  /** It replaces the form the person was using: its heading takes the focus. */
  takeFocus?: boolean;
}) {
  const words = outcomeWordsOf(request);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="ira-waiting-title"
      sx={{ p: { xs: 2, md: 3 }, maxWidth: 720 }}
    >
      <Typography
        component="h2"
        variant="h2"
        id="ira-waiting-title"
        tabIndex={-1}
        ref={takeFocus ? focusOnMount : undefined}
        sx={{ outline: 'none' }}
      >
        This account's IRA request is in progress
      </Typography>
      <Typography sx={{ mt: 1 }}>
        An IRA request was made for this account and is followed under our reference below. The form
        is not offered again while it stands, since a second request would ask for the same
        custodial account twice.
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
