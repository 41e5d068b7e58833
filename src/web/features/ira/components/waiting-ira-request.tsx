import { outcomeWordsOf, type MoneyRequestView } from '../../../../contract/money-requests';
import { Code } from '../../../components/description-list';
import { paths } from '../../../config/paths';
import { formatTimestamp } from '../../../lib/format';
import { InPlaceOfTheWizard } from './in-place-of-the-wizard';

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
    <InPlaceOfTheWizard
      id="ira-waiting-title"
      title="This account's IRA request is in progress"
      why="The form is not offered again while this account's IRA request below stands: a second one would ask for the same custodial account twice."
      items={[
        ['Our reference', <Code key="reference" value={request.reference} />],
        ['Made', formatTimestamp(request.createdAt)],
        ['State', `${words.label}: ${words.meaning}`],
        ['What to do', words.next],
      ]}
      links={[
        {
          to: paths.app.accountMoney.getHref(accountId),
          text: `See ${request.reference} on the requests and timeline of this account`,
        },
        { to: paths.app.account.getHref(accountId), text: 'Back to the account' },
      ]}
      takeFocus={takeFocus}
    />
  );
}
