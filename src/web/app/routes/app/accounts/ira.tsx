import { useParams } from 'react-router-dom';
import { PageHeader } from '../../../../components/page-header';
import { AccountGate } from '../../../../features/accounts/components/account-gate';
import { IraWizard } from '../../../../features/ira/components/ira-wizard';
import { AccountBreadcrumbs } from './account-breadcrumbs';

export default function IraRoute() {
  const { accountId = '' } = useParams();
  return (
    <AccountGate accountId={accountId}>
      {(account) => (
        <>
          <PageHeader
            title="Open an IRA"
            description="Request a custodial (IRA) account for this account. Your answers stay on this page until you submit."
            above={<AccountBreadcrumbs accountId={accountId} current="Open an IRA" />}
          />
          <IraWizard accountId={accountId} address={account.address} />
        </>
      )}
    </AccountGate>
  );
}
