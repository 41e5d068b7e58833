import { useParams } from 'react-router-dom';
import { IraWizard } from '../../../../features/ira/components/ira-wizard';
import { AccountSubpage } from './account-layout';

export default function IraRoute() {
  const { accountId = '' } = useParams();
  return (
    <AccountSubpage
      accountId={accountId}
      title="Open an IRA"
      description="Request a custodial (IRA) account for this account. Your answers stay on this page until you submit."
    >
      {(account) => <IraWizard accountId={accountId} address={account.address} />}
    </AccountSubpage>
  );
}
