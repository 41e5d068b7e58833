import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AccountView } from '../../../../contract/account-views';
import type { Review } from '../../../../contract/accounts';
import type { CustodyAccountResult } from '../../../../contract/custody-views';
import { formatCalendarDate, formatCode, formatMoney, formatPhone } from '../../../lib/format';
import { DescriptionList, TitledPanel } from '../../../components/description-list';
import { oneLineAddress, orDash } from './details-list';
import { explainReview, reviewDay } from '../../../lib/review-status';
import { custodyApprovedOn } from '../../../lib/custody-words';
import { revealItem } from './reveal-field';
import { ColumnHeadings } from '../../../components/column-headings';
import { useScrollFrame } from '../../../lib/scroll-frame';

// Every review date as its day, in the one format (reviewDay).
const reviewDate = (date: string | null) =>
  date === null ? 'Not recorded' : formatCalendarDate(reviewDay(date));

/** KYC, AML, accreditation and approval with their dates (interface document §2.5). */
export function AccountReviews({ account }: { account: AccountView }) {
  const { kyc, aml, accreditation, approval } = account.reviews;
  const rows: [string, Review, string][] = [
    ['Identity (KYC)', kyc, ''],
    ['Anti-money-laundering (AML)', aml, ''],
    ['Accredited investor', accreditation, ''],
    ['Account approval', approval, approval.principal ? `Principal: ${approval.principal}` : ''],
  ];
  // A Tab stop only while the table is wider than the page (a phone), as ScrollableTable.
  const [frame, scrolling] = useScrollFrame<HTMLDivElement>('Reviews');
  return (
    <Paper variant="outlined" sx={{ mb: 2 }} component="section" aria-labelledby="reviews-heading">
      <Typography id="reviews-heading" component="h2" variant="h3" sx={{ p: 2, pb: 1 }}>
        Reviews
      </Typography>
      <Box ref={frame} {...scrolling} sx={{ overflowX: 'auto' }}>
        {/* Four columns on a 375 px phone: half the cells' side padding there, so they fit
            whole rather than scroll sideways for a few pixels. */}
        <Table
          size="small"
          aria-labelledby="reviews-heading"
          sx={{ '& th, & td': { px: { xs: 1, sm: 2 } } }}
        >
          <ColumnHeadings columns={['Review', 'Status', 'Date', 'Note']} />
          <TableBody>
            {rows.map(([label, review, note]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row">
                  {label}
                </TableCell>
                {/* The same words the investor reads for the same status. */}
                <TableCell>{explainReview('kyc', review.status).label}</TableCell>
                <TableCell>{reviewDate(review.date)}</TableCell>
                <TableCell>{note || '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}

const money = (value: string | null) => (value ? formatMoney(value) : 'No limit set');

export function AccountProfileForReview({ account }: { account: AccountView }) {
  return (
    <TitledPanel id="profile-heading" title="Profile, suitability and limits" sx={{ mb: 2 }}>
      <DescriptionList
        items={[
          ['Account ID', account.id],
          ['Type', formatCode(account.type)],
          ['Entity type', formatCode(account.entityType)],
          ['Residency', formatCode(account.residentType)],
          revealItem({
            objectType: 'account',
            objectId: account.id,
            field: 'taxId',
            masked: account.taxIdMasked,
            taxIdKind: account.taxIdKind,
          }),
          ['Address', oneLineAddress(account.address)],
          ['Email', orDash(account.email)],
          ['Phone', formatPhone(account.phone)],
          [
            'Suitability',
            account.suitability.score
              ? `Score ${account.suitability.score}${account.suitability.approver ? `, approved by ${account.suitability.approver}` : ''}${account.suitability.date ? ` on ${reviewDate(account.suitability.date)}` : ''}`
              : 'Not assessed',
          ],
          ['Rule 506(c) limit', money(account.limits.rule506c)],
          ['Account total limit', money(account.limits.accountTotal)],
          ['Single investment limit', money(account.limits.singleInvestment)],
          ['Associated accounts', orDash(account.associatedAccount)],
          ['Syndicate', orDash(account.syndicate)],
          ['Tags', orDash(account.tags)],
          ['Notes', orDash(account.notes)],
          [
            'Archived',
            account.archived === null ? 'Not reported' : account.archived ? 'Yes' : 'No',
          ],
        ]}
      />
    </TitledPanel>
  );
}

export function CustodyAccountSummary({ result }: { result: CustodyAccountResult }) {
  if (result.state === 'unavailable') {
    return <Typography color="textSecondary">{result.message}</Typography>;
  }
  const c = result.custodyAccount;
  return (
    <DescriptionList
      items={[
        ['Status', formatCode(c.status)],
        [
          'Restricted',
          c.restricted ? `Yes${c.restrictedReason ? `: ${c.restrictedReason}` : ''}` : 'No',
        ],
        ['Relationship', orDash(c.relationship)],
        ['Principal review by', orDash(c.principalReviewBy)],
        ['Approved on', custodyApprovedOn(c)],
        ['Notes', orDash(c.notes)],
      ]}
    />
  );
}
