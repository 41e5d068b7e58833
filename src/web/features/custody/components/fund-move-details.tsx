import {
  fundMoveDirectionLabel,
  fundMoveTitle,
  type FundMoveView,
} from '../../../../contract/custody-views';
import { Code, DescriptionList, SectionCard } from '../../../components/description-list';
import { ourReferenceRow } from '../../../components/form/submitted-result';
import { paths } from '../../../config/paths';
import { formatCode, formatTimestamp, formatMoney } from '../../../lib/format';
import { FundMoveStatus } from './fund-move-status';

const stamp = (value: string | null) => (value ? formatTimestamp(value) : 'Not recorded');

export function FundMoveDetails({ move }: { move: FundMoveView }) {
  return (
    <SectionCard title="Fund move">
      <DescriptionList
        items={[
          ['Amount', formatMoney(move.amount)],
          ['What', fundMoveTitle(move)],
          ['Direction', fundMoveDirectionLabel(move.direction)],
          ['Description', move.description || 'No description'],
          ['Reference', <Code key="ref" value={move.referenceNumber} />],
          ...ourReference(move),
          ['Status', <FundMoveStatus key="status" move={move} detailed />],
          ['Errors', move.errorMessage ?? 'None'],
          ['Bank', move.bankName ?? 'Not recorded'],
          ['Bank account', move.bankAccountNumberMasked ?? 'Not recorded'],
          ['Routing number', move.routingNumberMasked ?? 'Not recorded'],
          ['Account holder', move.bankAccountName ?? 'Not recorded'],
          [
            'Routing number check',
            move.routingNumberStatus ? formatCode(move.routingNumberStatus) : 'Not reported',
          ],
          ['Created', stamp(move.createdAt)],
          ['Updated', stamp(move.updatedAt)],
        ]}
      />
    </SectionCard>
  );
}

/**
 * A move the portal asked for carries our reference in its description (§2.9): the request
 * itself, with what the platform may leave out here (a deposit's bank: §2.9 bankName may be
 * null), is listed under it on the account's money page.
 */
function ourReference(move: FundMoveView) {
  const row = ourReferenceRow(move.portalReference, {
    to: paths.app.accountMoney.getHref(move.accountId),
    label: 'the request on the account’s money page',
  });
  return row ? [row] : [];
}
