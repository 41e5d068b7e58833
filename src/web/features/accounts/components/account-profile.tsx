import type { AccountView } from '../../../../contract/account-views';
import { singleInvestmentLimit } from '../../../../contract/preflight';
import { Code, DescriptionList, SectionCard } from '../../../components/description-list';
import { formatCode, formatMoney, formatPhone } from '../../../lib/format';

const orNone = (value: string | null) => value ?? 'Not recorded';

function addressLines(account: AccountView): string {
  const { line1, line2, city, state, zip, country } = account.address;
  const cityLine = [city, [state, zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const lines = [line1, line2, cityLine, country].filter((line) => line && line.trim() !== '');
  return lines.length > 0 ? lines.join('\n') : 'Not recorded';
}

/** Profile and address of an account; the tax id is masked by the BFF for every role. */
export function AccountProfile({ account }: { account: AccountView }) {
  const limit = singleInvestmentLimit(account.limits);
  return (
    <SectionCard title="Profile">
      <DescriptionList
        items={[
          ['Account name', orNone(account.name)],
          ['Account ID', <Code key="id" value={account.id} />],
          ['Type', account.type ? formatCode(account.type) : 'Not recorded'],
          ['Entity type', account.entityType ? formatCode(account.entityType) : 'Not recorded'],
          ['Residency', account.residentType ? formatCode(account.residentType) : 'Not recorded'],
          [
            'Tax ID',
            account.taxIdMasked ? <Code key="tax" value={account.taxIdMasked} /> : 'Not recorded',
          ],
          ['Email', orNone(account.email)],
          ['Phone', account.phone ? formatPhone(account.phone) : 'Not recorded'],
          [
            'Address',
            <span key="address" style={{ whiteSpace: 'pre-line' }}>
              {addressLines(account)}
            </span>,
          ],
          [
            'Single investment limit',
            // As the invest checklist reads it: none set, or zero, is no limit.
            limit !== null ? formatMoney(limit) : 'None set',
          ],
        ]}
      />
    </SectionCard>
  );
}
